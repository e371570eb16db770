import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicProvider } from './anthropic.js';
import { LlmError } from './errors.js';
import { openAiProvider } from './openai.js';
import type { JsonSchemaSpec } from './port.js';
import type { RetryPolicy } from './retry.js';
import { type LlmTestServer, PROTOCOL_ERRORS, startLlmServer } from './test-support/llm-server.js';

const KEY = 'sk-test-4c1e9d0a';
const FAST_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_000 };

const answerSchema = z.object({ verdict: z.string() });
const SPEC: JsonSchemaSpec<z.infer<typeof answerSchema>> = {
  name: 'verdict',
  parser: answerSchema,
  wire: z.toJSONSchema(answerSchema) as Record<string, unknown>,
};

let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: KEY });
});
afterAll(async () => {
  await server.close();
});

function openai(overrides: Partial<Parameters<typeof openAiProvider>[0]> = {}) {
  return openAiProvider({
    baseUrl: server.openAiBaseUrl,
    apiKey: KEY,
    model: 'm',
    retry: FAST_RETRY,
    ...overrides,
  });
}

function anthropic(overrides: Partial<Parameters<typeof anthropicProvider>[0]> = {}) {
  return anthropicProvider({
    baseUrl: server.anthropicBaseUrl,
    apiKey: KEY,
    model: 'm',
    retry: FAST_RETRY,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('openai provider (Chat Completions over HTTP)', () => {
  it('asks for the JSON Schema with response_format and parses the answer', async () => {
    server.enqueue({ text: '{"verdict":"keep"}', usage: { input: 1200, output: 30 } });
    const before = server.requests.length;
    const result = await openai().completeJson({ system: 'be brief', prompt: 'judge it' }, SPEC);
    expect(result).toMatchObject({ ok: true, value: { verdict: 'keep' } });
    expect(result.usage).toEqual({ requests: 1, input_tokens: 1200, output_tokens: 30 });
    const sent = server.requests[before]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body.model).toBe('m');
    expect(sent.body.messages).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'judge it' },
    ]);
    expect(sent.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'verdict' },
    });
  });

  it('accepts an answer wrapped in a markdown fence', async () => {
    server.enqueue({ text: '```json\n{"verdict":"fenced"}\n```' });
    expect(await openai().completeJson({ prompt: 'p' }, SPEC)).toMatchObject({
      ok: true,
      value: { verdict: 'fenced' },
    });
  });

  it('reads the one JSON object of an answer with prose around it', async () => {
    server.enqueue({ text: 'Sure! Here is the JSON: {"verdict":"x"}\nLet me know.' });
    expect(await openai().completeJson({ prompt: 'p' }, SPEC)).toMatchObject({
      ok: true,
      value: { verdict: 'x' },
    });
  });

  it('reports two different JSON objects as invalid JSON, with the raw text', async () => {
    server.enqueue({ text: 'First {"verdict":"x"} or maybe {"verdict":"y"}' });
    const result = await openai().completeJson({ prompt: 'p' }, SPEC);
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid-json',
      detail: 'the answer holds 2 different JSON objects; expected one',
      text: 'First {"verdict":"x"} or maybe {"verdict":"y"}',
    });
  });

  it('reports a JSON object of the wrong shape as a schema mismatch', async () => {
    server.enqueue({ text: '{"verdict":3}' });
    expect(await openai().completeJson({ prompt: 'p' }, SPEC)).toMatchObject({
      ok: false,
      reason: 'schema-mismatch',
    });
  });

  it('retries a 429, honouring retry-after-ms, then succeeds', async () => {
    server.enqueue(
      { status: 429, body: PROTOCOL_ERRORS.openAiRateLimit, headers: { 'retry-after-ms': '30' } },
      { text: '{"verdict":"after rate limit"}' },
    );
    const before = server.requests.length;
    const started = Date.now();
    const result = await openai().completeJson({ prompt: 'p' }, SPEC);
    expect(result).toMatchObject({
      ok: true,
      value: { verdict: 'after rate limit' },
      usage: { requests: 2 },
    });
    expect(server.requests.length - before).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('gives up after the retry budget on repeated 5xx, naming the status and the attempts', async () => {
    server.enqueue(
      { status: 502, rawBody: '<html>Bad Gateway</html>' },
      { status: 503, body: { error: { message: 'upstream busy' } } },
      { status: 503, body: { error: { message: 'upstream busy' } } },
    );
    const error = await failure(openai().completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_HTTP');
    expect(error.message).toBe('openai: HTTP 503 after 3 attempts: upstream busy');
  });

  it('fails at once with a clear message on a bad key (401 is never retried)', async () => {
    const before = server.requests.length;
    const error = await failure(openai({ apiKey: 'sk-wrong' }).completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_AUTH');
    expect(error.message).toContain('authentication failed (HTTP 401: Incorrect API key provided.)');
    expect(server.requests.length - before).toBe(1);
  });

  it('falls back to json_object once when the server does not support json_schema', async () => {
    server.enqueue(
      { status: 400, body: PROTOCOL_ERRORS.openAiNoSchema },
      { text: '{"verdict":"plain json"}' },
    );
    const before = server.requests.length;
    const result = await openai().completeJson({ prompt: 'p' }, SPEC);
    expect(result).toMatchObject({ ok: true, value: { verdict: 'plain json' }, usage: { requests: 2 } });
    expect(server.requests[before + 1]!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('drops temperature once for a model that refuses it, then also the schema when the server refuses that', async () => {
    server.enqueue(
      { status: 400, body: PROTOCOL_ERRORS.openAiNoTemperature },
      { status: 400, body: PROTOCOL_ERRORS.openAiNoSchema },
      { text: '{"verdict":"reasoning model"}' },
    );
    const before = server.requests.length;
    const result = await openai().completeJson({ prompt: 'p' }, SPEC);
    expect(result).toMatchObject({ ok: true, value: { verdict: 'reasoning model' }, usage: { requests: 3 } });
    const sent = server.requests
      .slice(before)
      .map((r) => [r.body.temperature, (r.body.response_format as { type: string }).type]);
    expect(sent).toEqual([
      [0, 'json_schema'],
      [undefined, 'json_schema'],
      [undefined, 'json_object'],
    ]);
  });

  it('does not retry a 400 it cannot fix', async () => {
    server.enqueue({ status: 400, body: { error: { message: "Invalid value for 'model'" } } });
    const error = await failure(openai().completeJson({ prompt: 'p' }, SPEC));
    expect(error.message).toBe("openai: HTTP 400: Invalid value for 'model'");
  });

  it('times out a server that never answers', async () => {
    server.enqueue({ hang: true });
    const provider = openai({ timeoutMs: 150, retry: { ...FAST_RETRY, maxRetries: 0 } });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_TIMEOUT');
  });

  it('stops when the caller aborts', async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(openai().completeJson({ prompt: 'p', signal: controller.signal }, SPEC));
    expect(error.code).toBe('E_LLM_ABORTED');
  });
});

describe('anthropic provider (Messages over HTTP)', () => {
  it('sends x-api-key and anthropic-version, the schema in the system prompt, and parses the text blocks', async () => {
    server.enqueue({ text: '{"verdict":"from claude"}', usage: { input: 900, output: 12 } });
    const before = server.requests.length;
    const result = await anthropic().completeJson({ system: 'be brief', prompt: 'judge it' }, SPEC);
    expect(result).toMatchObject({ ok: true, value: { verdict: 'from claude' } });
    expect(result.usage).toEqual({ requests: 1, input_tokens: 900, output_tokens: 12 });
    const sent = server.requests[before]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body.messages).toEqual([{ role: 'user', content: 'judge it' }]);
    expect(sent.body.max_tokens).toBe(4096);
    expect(String(sent.body.system)).toContain('be brief');
    expect(String(sent.body.system)).toContain('"verdict"');
  });

  it('retries 529 overloaded and 429 with retry-after: 0, then succeeds', async () => {
    server.enqueue(
      { status: 529, body: PROTOCOL_ERRORS.anthropicOverloaded },
      { status: 429, body: PROTOCOL_ERRORS.anthropicRateLimit, headers: { 'retry-after': '0' } },
      { text: '{"verdict":"third time"}' },
    );
    const result = await anthropic().completeJson({ prompt: 'p' }, SPEC);
    expect(result).toMatchObject({ ok: true, value: { verdict: 'third time' }, usage: { requests: 3 } });
  });

  it('names the protocol error type on a bad key', async () => {
    const error = await failure(anthropic({ apiKey: 'nope' }).completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_AUTH');
    expect(error.message).toContain('authentication_error: invalid x-api-key');
  });

  it('fails without retrying when a server asks to wait longer than the policy allows', async () => {
    server.enqueue({
      status: 429,
      body: PROTOCOL_ERRORS.anthropicRateLimit,
      headers: { 'retry-after': '3600' },
    });
    const error = await failure(anthropic().completeJson({ prompt: 'p' }, SPEC));
    expect(error.message).toContain('server asks to wait 3600 s');
  });
});
