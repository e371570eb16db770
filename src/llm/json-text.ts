import type { JsonCompletion, JsonSchemaSpec, LlmUsage } from './port.js';

/** Longest answer searched for its object: far above any model's output limit, so the scan stays bounded. */
const MAX_ANSWER_CHARS = 2_000_000;
/** Braces that open no JSON object ("{like this}" in prose) tried before the search gives up. */
const MAX_FALSE_STARTS = 200;

type JsonObjectSearch = { ok: true; value: Record<string, unknown> } | { ok: false; detail: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Where the object opened at `start` closes (braces inside JSON strings ignored), or -1. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return i;
  }
  return -1;
}

/**
 * The one JSON object of a model's answer, wherever it stands: alone, in a markdown fence, or with prose
 * before and after it ("Here is the analysis:" … "Let me know"). The text is scanned for top-level objects
 * (an object inside another is part of it); braces of prose that open no JSON are skipped. The same object
 * written twice counts once; two different objects, an array or no object at all are not an answer, and
 * the detail says which.
 */
export function findJsonObject(text: string): JsonObjectSearch {
  const body = text.trim();
  if (body.length > MAX_ANSWER_CHARS)
    return {
      ok: false,
      detail: `the answer is ${body.length} characters, more than the ${MAX_ANSWER_CHARS} read`,
    };
  const whole = parsed(body);
  if (whole.ok) {
    return isObject(whole.value)
      ? { ok: true, value: whole.value }
      : {
          ok: false,
          detail: `the answer is ${Array.isArray(whole.value) ? 'an array' : 'a JSON value'}, not one JSON object`,
        };
  }
  const found = new Map<string, Record<string, unknown>>();
  let falseStarts = 0;
  for (let start = body.indexOf('{'); start >= 0; ) {
    const end = closingBrace(body, start);
    const candidate = end < 0 ? { ok: false as const } : parsed(body.slice(start, end + 1));
    if (candidate.ok && isObject(candidate.value)) {
      found.set(JSON.stringify(candidate.value), candidate.value);
      start = body.indexOf('{', end + 1);
      continue;
    }
    if (++falseStarts > MAX_FALSE_STARTS) break;
    start = body.indexOf('{', start + 1);
  }
  const objects = [...found.values()];
  if (objects.length === 1 && objects[0] !== undefined) return { ok: true, value: objects[0] };
  if (objects.length > 1)
    return { ok: false, detail: `the answer holds ${objects.length} different JSON objects; expected one` };
  return { ok: false, detail: 'the answer holds no JSON object' };
}

/** The JSON object a model answered with (see findJsonObject), or undefined. */
export function extractJsonObject(text: string): unknown {
  const search = findJsonObject(text);
  return search.ok ? search.value : undefined;
}

/** Turns a provider's raw answer text into a JsonCompletion (shared by every provider). */
export function parseJsonAnswer<T>(
  text: string,
  schema: JsonSchemaSpec<T>,
  usage: LlmUsage,
): JsonCompletion<T> {
  const search = findJsonObject(text);
  if (!search.ok) return { ok: false, reason: 'invalid-json', detail: search.detail, text, usage };
  const parsed = schema.parser.safeParse(search.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'schema mismatch';
    return { ok: false, reason: 'schema-mismatch', detail: where, text, usage };
  }
  return { ok: true, value: parsed.data, text, usage };
}
