import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: the model's text (wrapped in the protocol's envelope), or a raw HTTP reply. */
export type ScriptedReply =
  | { text: string; usage?: { input: number; output: number } }
  | { status: number; body?: unknown; rawBody?: string; headers?: Record<string, string> }
  | { hang: true };

export interface RecordedRequest {
  protocol: 'openai' | 'anthropic';
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface LlmTestServer {
  /** Base URL for OpenAI-compatible clients (`.../v1`). */
  openAiBaseUrl: string;
  /** Base URL for Anthropic clients (the Messages path adds `/v1/messages`). */
  anthropicBaseUrl: string;
  requests: RecordedRequest[];
  /** Queues answers; each request takes the next one (an empty queue answers `{}` as the model's text). */
  enqueue(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

function openAiEnvelope(text: string, usage: { input: number; output: number }): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: usage.input + usage.output,
    },
  };
}

function anthropicEnvelope(text: string, usage: { input: number; output: number }): unknown {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'test-model',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}

function authError(protocol: 'openai' | 'anthropic'): unknown {
  return protocol === 'openai'
    ? {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }
    : { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
}

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions (`POST /v1/chat/completions`) and
 * Anthropic Messages (`POST /v1/messages`) protocols: it checks the auth and version headers the real APIs
 * require, answers in each protocol's JSON envelope, and plays scripted status codes and headers.
 */
export async function startLlmServer(options: { apiKey?: string } = {}): Promise<LlmTestServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const protocol =
        path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : undefined;
      if (req.method !== 'POST' || protocol === undefined) {
        send(res, 404, JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        send(res, 400, JSON.stringify({ error: { message: 'body is not JSON' } }));
        return;
      }
      requests.push({ protocol, path, headers: req.headers, body });
      if (protocol === 'anthropic' && req.headers['anthropic-version'] !== '2023-06-01') {
        const error = { type: 'invalid_request_error', message: 'anthropic-version header is required' };
        send(res, 400, JSON.stringify({ type: 'error', error }));
        return;
      }
      if (options.apiKey !== undefined) {
        const given =
          protocol === 'openai'
            ? req.headers.authorization?.replace(/^Bearer /, '')
            : req.headers['x-api-key'];
        if (given !== options.apiKey) {
          send(res, 401, JSON.stringify(authError(protocol)));
          return;
        }
      }
      const reply = queue.shift() ?? { text: '{}' };
      if ('hang' in reply) {
        hanging.add(res);
        return;
      }
      if ('text' in reply) {
        const usage = reply.usage ?? { input: 100, output: 20 };
        const envelope =
          protocol === 'openai' ? openAiEnvelope(reply.text, usage) : anthropicEnvelope(reply.text, usage);
        send(res, 200, JSON.stringify(envelope));
        return;
      }
      send(res, reply.status, reply.rawBody ?? JSON.stringify(reply.body ?? {}), reply.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    openAiBaseUrl: `${base}/v1`,
    anthropicBaseUrl: base,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Error bodies in each protocol's shape, for scripted failures. */
export const PROTOCOL_ERRORS = {
  openAiRateLimit: {
    error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' },
  },
  anthropicOverloaded: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  anthropicRateLimit: {
    type: 'error',
    error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' },
  },
  openAiNoTemperature: {
    error: {
      message:
        "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'unsupported_value',
    },
  },
  openAiNoSchema: {
    error: {
      message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
      type: 'invalid_request_error',
    },
  },
} as const;
