import { describe, expect, it } from 'vitest';
import { containsKeyShapedSecret, nothingToRedact, redactSecrets, secretsFromEnv } from './redact.js';

describe('secretsFromEnv', () => {
  it('collects the providers’ keys, other secret-named variables and URL credentials', () => {
    const secrets = secretsFromEnv({
      OPENAI_API_KEY: ' local-key-for-vllm ',
      ANTHROPIC_API_KEY: 'sk-ant-api03-abc',
      GITHUB_TOKEN: 'ghtoken123456',
      SHORT_TOKEN: 'abc',
      OPENAI_BASE_URL: 'https://proxyuser:pr%40xy-pass@proxy.internal/v1',
      HOME: '/home/ada',
    });
    expect(secrets).toEqual(
      expect.arrayContaining([
        'local-key-for-vllm',
        'sk-ant-api03-abc',
        'ghtoken123456',
        'pr%40xy-pass',
        'pr@xy-pass',
      ]),
    );
    expect(secrets).not.toContain('abc');
    expect(secrets).not.toContain('/home/ada');
  });
});

describe('redactSecrets', () => {
  it('removes configured secrets, also as JSON escapes them', () => {
    const secret = 'local"key\\with-quote';
    const text = `bad key ${secret} and ${JSON.stringify(secret)}`;
    expect(redactSecrets(text, [secret])).toBe('bad key [redacted] and "[redacted]"');
  });

  it('keeps JSON text parseable when a credential field quotes code', () => {
    // A transcript quoting Python code, serialised for `--json`: the field's value must not eat the
    // backslash that escapes the next quote.
    const json = JSON.stringify({
      text: 'api_key = os.environ.get("ANTHROPIC_AUTH_TOKEN") or os.environ["X"]',
    });
    const redacted = redactSecrets(json);
    expect(() => JSON.parse(redacted)).not.toThrow();
    expect(JSON.parse(redacted).text).toBe('api_key = [redacted]"ANTHROPIC_AUTH_TOKEN") or os.environ["X"]');
  });

  it('removes key-shaped tokens, credential headers, bearer tokens and URL credentials', () => {
    const cases: [string, string][] = [
      [
        'Incorrect API key provided: Bearer sk-proj-AbCdEf0123456789xyz. You can find your API key at …',
        'Incorrect API key provided: Bearer [redacted]. You can find your API key at …',
      ],
      ['invalid x-api-key: sk-ant-api03-Zz9_abcdefghijklmnop', 'invalid x-api-key: [redacted]'],
      ['{"authorization":"Bearer abc.def.1234567"}', '{"authorization":"Bearer [redacted]"}'],
      ['x-api-key: my-own-key-77', 'x-api-key: [redacted]'],
      [
        'cannot reach https://ada:hunter2@proxy.example/v1',
        'cannot reach https://[redacted]@proxy.example/v1',
      ],
      ['token ghp_0123456789abcdefghijABCDEFGHIJ here', 'token [redacted] here'],
    ];
    for (const [text, expected] of cases) expect(redactSecrets(text)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Bearer authentication failed for this request',
      'task-management and disk-usage are fine',
      'openai: HTTP 500 after 3 attempts: The server had an error',
      'authorization failed: check your settings',
    ])
      expect(redactSecrets(text)).toBe(text);
  });

  it('recognises key-shaped secrets', () => {
    expect(containsKeyShapedSecret('use sk-ant-api03-abcdefghijklmnop')).toBe(true);
    expect(containsKeyShapedSecret('use the task-runner')).toBe(false);
  });
});

describe('nothingToRedact', () => {
  const withSecrets = [
    'Incorrect API key provided: Bearer sk-proj-AbCdEf0123456789xyz.',
    'invalid x-api-key: sk-ant-api03-Zz9_abcdefghijklmnop',
    '{"authorization":"Bearer abc.def.1234567"}',
    'cannot reach https://ada:hunter2@proxy.example/v1',
    'token ghp_0123456789abcdefghijABCDEFGHIJ here',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----',
    'a JWT eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abcdefghijklmnop',
  ];
  const ordinary = [
    'Bearer authentication failed for this request',
    'task-management and disk-usage are fine',
    '{"path":"/home/ada/.claude/projects/-home-ada-app/3f2b8c1e.jsonl","score":4.5}',
    'see https://example.org/docs for more',
  ];

  it('says false exactly when redactSecrets would change the text', () => {
    for (const text of [...withSecrets, ...ordinary])
      expect(nothingToRedact(text)).toBe(redactSecrets(text) === text);
  });

  it('finds configured secrets, also as JSON escapes them, and leaves the patterns reusable', () => {
    const secret = 'local"key\\with-quote';
    expect(nothingToRedact(`bad key ${JSON.stringify(secret)}`, [secret])).toBe(false);
    expect(nothingToRedact('nothing here', [secret])).toBe(true);
    // search, not test: a global pattern's lastIndex stays 0, so the next redaction finds the first match.
    expect(nothingToRedact(withSecrets[4] ?? '')).toBe(false);
    expect(redactSecrets(withSecrets[4] ?? '')).toBe('token [redacted] here');
  });

  it('judges lines joined by newlines as it would each line: a whole with nothing has no line with something', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    // Lines cut from texts with and without secrets at random places, so that parts of a secret meet
    // across a line's end.
    const pieces = [...withSecrets, ...ordinary].join(' ');
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + (next() % 5) }, () => {
        const from = next() % pieces.length;
        return pieces.slice(from, from + (next() % 60));
      });
      if (nothingToRedact(`${lines.join('\n')}\n`))
        for (const line of lines) expect(redactSecrets(`${line}\n`)).toBe(`${line}\n`);
    }
  });
});
