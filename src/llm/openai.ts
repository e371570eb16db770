import { z } from 'zod';
import { redactUrl, withPath } from '../safety/url.js';
import { LlmError } from './errors.js';
import { postJson } from './http.js';
import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';
import type { RetryPolicy } from './retry.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

interface OpenAiOptions {
  /** Any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM, llama.cpp server...). */
  baseUrl?: string;
  /** Sent as a bearer token; local servers usually need none. */
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

const chatResponseSchema = z.looseObject({
  choices: z
    .array(z.looseObject({ message: z.looseObject({ content: z.string().nullable().optional() }) }))
    .min(1),
  usage: z
    .looseObject({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
    .nullable()
    .optional(),
});

function openAiErrorMessage(body: unknown): string | undefined {
  const parsed = z.looseObject({ error: z.looseObject({ message: z.string() }) }).safeParse(body);
  return parsed.success ? parsed.data.error.message : undefined;
}

/** Request settings some compatible servers or models refuse; each is given up once, when a 400 names it. */
interface Compat {
  schema: boolean;
  temperature: boolean;
  legacyMaxTokens: boolean;
}

/** The setting a 400 complains about, if it is one we can drop and retry without. */
function downgrade(error: unknown, compat: Compat): Compat | undefined {
  if (!(error instanceof LlmError) || error.status !== 400) return undefined;
  const message = error.message;
  if (compat.schema && /response_format|json_schema/i.test(message)) return { ...compat, schema: false };
  if (compat.temperature && /temperature/i.test(message)) return { ...compat, temperature: false };
  if (compat.legacyMaxTokens && /max_tokens/i.test(message)) return { ...compat, legacyMaxTokens: false };
  return undefined;
}

/**
 * The OpenAI Chat Completions protocol: `POST {base}/chat/completions` with `response_format` asking for
 * the answer's JSON Schema. Servers and models differ in what they accept: a 400 that names
 * `response_format` falls back to `json_object`, one that names `temperature` drops it (reasoning models),
 * one that names `max_tokens` switches to `max_completion_tokens`; each at most once.
 */
export function openAiProvider(options: OpenAiOptions = {}): LlmPort {
  const baseUrl = (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const model = options.model ?? OPENAI_DEFAULT_MODEL;
  const url = withPath(baseUrl, '/chat/completions');
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  function body(request: LlmRequest, schema: JsonSchemaSpec<unknown>, compat: Compat): unknown {
    const messages = [
      ...(request.system ? [{ role: 'system', content: request.system }] : []),
      { role: 'user', content: request.prompt },
    ];
    const limit = request.maxOutputTokens;
    return {
      model,
      messages,
      ...(compat.temperature ? { temperature: 0 } : {}),
      ...(limit ? (compat.legacyMaxTokens ? { max_tokens: limit } : { max_completion_tokens: limit }) : {}),
      response_format: compat.schema
        ? { type: 'json_schema', json_schema: { name: schema.name, schema: schema.wire, strict: false } }
        : { type: 'json_object' },
    };
  }

  return {
    name: 'openai',
    model,
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      let compat: Compat = { schema: true, temperature: true, legacyMaxTokens: true };
      let requests = 0;
      let result: { body: unknown; attempts: number };
      for (;;) {
        try {
          result = await postJson(url, body(request, schema as JsonSchemaSpec<unknown>, compat), {
            headers,
            timeoutMs: options.timeoutMs ?? 120_000,
            ...(options.retry ? { retry: options.retry } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
            provider: 'openai',
            errorMessageOf: openAiErrorMessage,
          });
          break;
        } catch (error) {
          const next = downgrade(error, compat);
          if (!next) throw error;
          compat = next;
          requests += 1;
        }
      }
      const parsed = chatResponseSchema.safeParse(result.body);
      if (!parsed.success) {
        throw new LlmError(
          'E_LLM_HTTP',
          `openai: ${redactUrl(url)} answered with a body that is not a chat completion`,
        );
      }
      const text = parsed.data.choices[0]?.message.content ?? '';
      const usage = {
        requests: requests + result.attempts,
        input_tokens: parsed.data.usage?.prompt_tokens ?? 0,
        output_tokens: parsed.data.usage?.completion_tokens ?? 0,
      };
      return parseJsonAnswer(text, schema, usage);
    },
  };
}
