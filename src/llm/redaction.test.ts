import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closedPort } from '../test-support/http.js';
import { anthropicProvider } from './anthropic.js';
import { LlmError } from './errors.js';
import { openAiProvider } from './openai.js';
import type { JsonSchemaSpec } from './port.js';
import type { RetryPolicy } from './retry.js';
import { type LlmTestServer, startLlmServer } from './test-support/llm-server.js';

/** A key of no well-known shape (a local server's): only knowing it as configured can redact it. */
const KEY = 'local-gateway-key-7f3a9c';
const FAST_RETRY: RetryPolicy = { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1_000 };
const SPEC: JsonSchemaSpec<{ verdict: string }> = {
  name: 'verdict',
  parser: z.object({ verdict: z.string() }),
  wire: {},
};

let server: LlmTestServer;
beforeAll(async () => {
  server = await startLlmServer({ apiKey: KEY });
});
afterAll(async () => {
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Error bodies the way real servers echo what they were sent. */
const echoes = (key: string) => ({
  openai: (status: number) => ({
    status,
    body: {
      error: {
        message: `Incorrect API key provided: Bearer ${key}. Also seen: sk-proj-Zx81AbCdEfGhIjKlMnOp and Authorization: Bearer ${key}`,
        type: 'invalid_request_error',
      },
    },
  }),
  anthropic: (status: number) => ({
    status,
    body: {
      type: 'error',
      error: { type: 'invalid_request_error', message: `x-api-key ${key} is not valid` },
    },
  }),
});

describe('a key echoed by a server never leaves in an error message', () => {
  // Statuses that are retried are answered twice (the retry budget is one retry).
  const answers = (status: number) => (status >= 500 ? 2 : 1);

  it.each([400, 401, 403, 500])('openai, HTTP %i', async (status) => {
    for (let i = 0; i < answers(status); i++) server.enqueue(echoes(KEY).openai(status));
    const provider = openAiProvider({
      baseUrl: server.openAiBaseUrl,
      apiKey: KEY,
      model: 'm',
      retry: FAST_RETRY,
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain('Incorrect API key provided: [redacted]');
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain('sk-proj-Zx81');
  });

  it.each([400, 401, 529])('anthropic, HTTP %i', async (status) => {
    for (let i = 0; i < answers(status); i++) server.enqueue(echoes(KEY).anthropic(status));
    const provider = anthropicProvider({
      baseUrl: server.anthropicBaseUrl,
      apiKey: KEY,
      model: 'm',
      retry: FAST_RETRY,
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.message).toContain('[redacted] is not valid');
    expect(error.message).not.toContain(KEY);
  });

  it('a raw (non-JSON) error body is redacted too', async () => {
    server.enqueue({ status: 500, rawBody: `upstream said: key=${KEY} rejected` });
    const provider = openAiProvider({
      baseUrl: server.openAiBaseUrl,
      apiKey: KEY,
      model: 'm',
      retry: { ...FAST_RETRY, maxRetries: 0 },
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.message).toBe('openai: HTTP 500: upstream said: key=[redacted] rejected');
  });
});

describe('user:password@ in a base URL', () => {
  it('travels as Basic authentication and never shows in a message', async () => {
    const base = new URL(server.anthropicBaseUrl);
    const provider = anthropicProvider({
      baseUrl: `http://proxyuser:pr0xy-s3cret@${base.host}`,
      apiKey: KEY,
      model: 'm',
      retry: FAST_RETRY,
    });
    server.enqueue({
      status: 400,
      body: { type: 'error', error: { type: 'x', message: 'pr0xy-s3cret bad' } },
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(server.requests.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from('proxyuser:pr0xy-s3cret').toString('base64')}`,
    );
    expect(error.message).not.toContain('pr0xy-s3cret');
  });

  it('a network failure names the server without its credentials', async () => {
    const port = await closedPort();
    const provider = openAiProvider({
      baseUrl: `http://ada:hunter2-password@127.0.0.1:${port}/v1`,
      apiKey: KEY,
      model: 'm',
      retry: { ...FAST_RETRY, maxRetries: 0 },
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_NETWORK');
    expect(error.message).toContain(`cannot reach http://127.0.0.1:${port}/v1/chat/completions`);
    expect(error.message).not.toMatch(/hunter2|ada:/);
  });
});

describe('a credential in the query of a base URL', () => {
  it('is masked in every message, and the path goes before the query', async () => {
    const port = await closedPort();
    const provider = openAiProvider({
      baseUrl: `http://127.0.0.1:${port}/v1?api-key=q-s3cret-value&region=eu`,
      apiKey: KEY,
      model: 'm',
      retry: { ...FAST_RETRY, maxRetries: 0 },
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    expect(error.code).toBe('E_LLM_NETWORK');
    expect(error.message).toContain(`cannot reach http://127.0.0.1:${port}/v1/chat/completions?api-key=`);
    expect(error.message).not.toContain('q-s3cret-value');
  });

  it('is masked where the server quotes it back', async () => {
    const base = new URL(server.anthropicBaseUrl);
    const provider = anthropicProvider({
      baseUrl: `http://${base.host}?token=t0ken-in-query`,
      apiKey: KEY,
      model: 'm',
      retry: { ...FAST_RETRY, maxRetries: 0 },
    });
    const error = await failure(provider.completeJson({ prompt: 'p' }, SPEC));
    // The path went before the query (the test server echoes the request line it got), the token masked.
    expect(error.message).toContain('no route POST /v1/messages?token=');
    expect(error.message).not.toContain('t0ken-in-query');
  });
});
