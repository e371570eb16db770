import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmTestServer, startLlmServer } from '../../llm/test-support/llm-server.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';

/** A local gateway's key (no well-known shape) and an OpenAI-shaped one that a server echoes back. */
const KEY = 'gateway-key-51d0c7e2';
const SHAPED = 'sk-proj-Q2x7LmN4pR8sT1vW3yZ5';

let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: KEY });
});
afterAll(async () => {
  await server.close();
});

/** The body OpenAI sends for a bad key, echoing what it was given, the way the hardening review saw it. */
function echo(status: number) {
  return {
    status,
    body: {
      error: {
        message: `Incorrect API key provided: Bearer ${KEY} (also tried ${SHAPED}). You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    },
  };
}

function expectNoSecret(text: string): void {
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(SHAPED);
}

describe('a key echoed by the server is never printed or saved', () => {
  it('deep-read --json: a 400 goes to dropped[].reason and stderr redacted', async () => {
    const p = retroProject();
    const { path } = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    server.enqueue(echo(400));
    const run = await runCli(
      ['deep-read', path, '--json', '--provider', 'openai', '--base-url', server.openAiBaseUrl],
      { cwd: p.root, env: { ...p.env, OPENAI_API_KEY: KEY } },
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { dropped: { reason: string }[] };
    expect(result.dropped[0]?.reason).toMatch(
      /^no answer: openai: HTTP 400: Incorrect API key provided: \[redacted\]/,
    );
    expectNoSecret(run.stdout);
    expectNoSecret(run.stderr);
    expect(run.stderr).toContain('Incorrect API key provided: [redacted]');
  });

  it('deep-read: a 401 stops the command with a redacted message', async () => {
    const p = retroProject();
    const { path } = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    server.enqueue(echo(401));
    const run = await runCli(
      ['deep-read', path, '--provider', 'openai', '--base-url', server.openAiBaseUrl],
      {
        cwd: p.root,
        env: { ...p.env, OPENAI_API_KEY: KEY },
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('authentication failed (HTTP 401: Incorrect API key provided: [redacted]');
    expectNoSecret(run.stderr);
  });

  it('a base URL with user:password@ never shows its password', async () => {
    const p = retroProject();
    const { path } = p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    server.enqueue({ status: 400, body: { error: { message: 'proxy rejected pr0xy-pass-77' } } });
    const base = server.openAiBaseUrl.replace('http://', 'http://proxyuser:pr0xy-pass-77@');
    const run = await runCli(['deep-read', path, '--json', '--provider', 'openai'], {
      cwd: p.root,
      env: { ...p.env, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: base },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('proxy rejected [redacted]');
    expect(`${run.stdout}${run.stderr}`).not.toContain('pr0xy-pass-77');
  });

  it('schedule report: a note or finding that quotes a secret is saved redacted', async () => {
    const p = retroProject();
    const run = await runCli(
      [
        'schedule',
        'report',
        '--mroot',
        p.root,
        '--mode',
        'all-auto',
        '--note',
        `Server said: ${KEY} was refused / ${SHAPED}`,
      ],
      { cwd: p.root, env: { ...p.env, GATEWAY_TOKEN: KEY, AGENT_WEBHOOK_URL: '' } },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = readFileSync(run.stdout.trim(), 'utf8');
    expect(report).toContain('Server said: [redacted] was refused / [redacted]');
    expectNoSecret(report);
  });

  it('retro --all --auto: the failed run’s stderr and its scheduled report carry no key', async () => {
    const p = retroProject();
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28') });
    p.addSession({ rejections: 2, mtimeSecs: noonOf('2026-06-28', 1) });
    // Last in the file: both reads start before the first 401 stops the run, so each takes one reply.
    server.enqueue(echo(401), echo(401));
    const run = await runCli(
      ['retro', '--all', '--auto', '--provider', 'openai', '--base-url', server.openAiBaseUrl],
      { cwd: p.root, env: { ...p.env, OPENAI_API_KEY: KEY, AGENT_WEBHOOK_URL: '' } },
    );
    expect(run.code).toBe(1);
    const reportPath = /^Report: (.+)$/m.exec(run.stdout)?.[1] ?? '';
    const report = readFileSync(reportPath, 'utf8');
    expect(report).toContain(
      'The run failed: openai: authentication failed (HTTP 401: Incorrect API key provided: [redacted]',
    );
    expectNoSecret(report);
    expectNoSecret(run.stdout);
    expectNoSecret(run.stderr);
  });
});
