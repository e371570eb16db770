import { z } from 'zod';
import { LlmError } from './errors.js';
import { postJson } from './http.js';
import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';
import type { RetryPolicy } from './retry.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

export interface OpenAiOptions {
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

/** Servers that predate structured outputs reject `json_schema` with a 400 that names the field. */
function rejectsJsonSchema(error: unknown): boolean {
  return (
    error instanceof LlmError && error.status === 400 && /response_format|json_schema/i.test(error.message)
  );
}

/**
 * The OpenAI Chat Completions protocol: `POST {base}/chat/completions` with `response_format` asking for
 * the answer's JSON Schema (falling back to `json_object` once when a server does not support schemas).
 */
export function openAiProvider(options: OpenAiOptions = {}): LlmPort {
  const baseUrl = (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const model = options.model ?? OPENAI_DEFAULT_MODEL;
  const url = `${baseUrl}/chat/completions`;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  async function send(
    request: LlmRequest,
    responseFormat: unknown,
  ): Promise<{ body: unknown; attempts: number }> {
    const messages = [
      ...(request.system ? [{ role: 'system', content: request.system }] : []),
      { role: 'user', content: request.prompt },
    ];
    return postJson(
      url,
      {
        model,
        messages,
        temperature: 0,
        ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
        response_format: responseFormat,
      },
      {
        headers,
        timeoutMs: options.timeoutMs ?? 120_000,
        ...(options.retry ? { retry: options.retry } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        provider: 'openai',
        errorMessageOf: openAiErrorMessage,
      },
    );
  }

  return {
    name: 'openai',
    model,
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      let result: { body: unknown; attempts: number };
      let extraRequests = 0;
      try {
        result = await send(request, {
          type: 'json_schema',
          json_schema: { name: schema.name, schema: schema.wire, strict: false },
        });
      } catch (error) {
        if (!rejectsJsonSchema(error)) throw error;
        extraRequests = 1;
        result = await send(request, { type: 'json_object' });
      }
      const parsed = chatResponseSchema.safeParse(result.body);
      if (!parsed.success) {
        throw new LlmError('E_LLM_HTTP', `openai: ${url} answered with a body that is not a chat completion`);
      }
      const text = parsed.data.choices[0]?.message.content ?? '';
      const usage = {
        requests: result.attempts + extraRequests,
        input_tokens: parsed.data.usage?.prompt_tokens ?? 0,
        output_tokens: parsed.data.usage?.completion_tokens ?? 0,
      };
      return parseJsonAnswer(text, schema, usage);
    },
  };
}
