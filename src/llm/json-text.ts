import type { JsonCompletion, JsonSchemaSpec, LlmUsage } from './port.js';

const FENCE = /^```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * The JSON object a model answered with. Accepts the object alone or wrapped in one markdown fence
 * (```json ... ```), surrounding whitespace allowed; anything else (prose around it, two objects, an array)
 * is not an answer and gives undefined.
 */
export function extractJsonObject(text: string): unknown {
  let body = text.trim();
  const fenced = FENCE.exec(body);
  if (fenced) body = (fenced[1] ?? '').trim();
  if (!body.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Turns a provider's raw answer text into a JsonCompletion (shared by every provider). */
export function parseJsonAnswer<T>(
  text: string,
  schema: JsonSchemaSpec<T>,
  usage: LlmUsage,
): JsonCompletion<T> {
  const value = extractJsonObject(text);
  if (value === undefined) {
    return { ok: false, reason: 'invalid-json', detail: 'the answer is not one JSON object', text, usage };
  }
  const parsed = schema.parser.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'schema mismatch';
    return { ok: false, reason: 'schema-mismatch', detail: where, text, usage };
  }
  return { ok: true, value: parsed.data, text, usage };
}
