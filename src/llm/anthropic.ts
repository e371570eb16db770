import { z } from 'zod';
import { redactUrl, withPath } from '../safety/url.js';
import { LlmError } from './errors.js';
import { postJson } from './http.js';
import { parseJsonAnswer } from './json-text.js';
import type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest } from './port.js';
import type { RetryPolicy } from './retry.js';

const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-4-5';
const ANTHROPIC_VERSION = '2023-06-01';

interface AnthropicOptions {
  baseUrl?: string;
  apiKey: string;
  model?: string;
  timeoutMs?: number;
  retry?: RetryPolicy;
}

const messagesResponseSchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  usage: z
    .looseObject({ input_tokens: z.number().optional(), output_tokens: z.number().optional() })
    .optional(),
});

function anthropicErrorMessage(body: unknown): string | undefined {
  const parsed = z
    .looseObject({ error: z.looseObject({ type: z.string().optional(), message: z.string() }) })
    .safeParse(body);
  if (!parsed.success) return undefined;
  const { type, message } = parsed.data.error;
  return type ? `${type}: ${message}` : message;
}

/**
 * The Anthropic Messages protocol: `POST {base}/v1/messages` with `x-api-key` and `anthropic-version`.
 * The Messages API has no response-format switch, so the answer's JSON Schema travels in the system
 * prompt; the reply is parsed (and validated) like any other provider's.
 */
export function anthropicProvider(options: AnthropicOptions): LlmPort {
  const baseUrl = (options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const model = options.model ?? ANTHROPIC_DEFAULT_MODEL;
  const url = withPath(baseUrl, '/v1/messages');
  return {
    name: 'anthropic',
    model,
    async completeJson<T>(request: LlmRequest, schema: JsonSchemaSpec<T>): Promise<JsonCompletion<T>> {
      const system = [
        request.system ?? '',
        `Answer with one JSON object that matches this JSON Schema (${schema.name}):`,
        JSON.stringify(schema.wire),
      ]
        .filter((line) => line.length > 0)
        .join('\n');
      const result = await postJson(
        url,
        {
          model,
          max_tokens: request.maxOutputTokens ?? 4096,
          temperature: 0,
          system,
          messages: [{ role: 'user', content: request.prompt }],
        },
        {
          headers: { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
          timeoutMs: options.timeoutMs ?? 120_000,
          ...(options.retry ? { retry: options.retry } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
          provider: 'anthropic',
          errorMessageOf: anthropicErrorMessage,
        },
      );
      const parsed = messagesResponseSchema.safeParse(result.body);
      if (!parsed.success) {
        throw new LlmError(
          'E_LLM_HTTP',
          `anthropic: ${redactUrl(url)} answered with a body that is not a message`,
        );
      }
      const text = parsed.data.content
        .filter((block) => block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text)
        .join('');
      const usage = {
        requests: result.attempts,
        input_tokens: parsed.data.usage?.input_tokens ?? 0,
        output_tokens: parsed.data.usage?.output_tokens ?? 0,
      };
      return parseJsonAnswer(text, schema, usage);
    },
  };
}
