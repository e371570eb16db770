/**
 * A JSON parser that accepts a cut-off text: it returns what the text holds up to where it ends, so that
 * the head of a long line (the first few KB of a transcript) can be read without the rest of it. A string
 * that runs out gives its decoded prefix; an object or array gives the members read so far. A number or
 * literal that reaches the end of the text (it may have been cut), and anything after invalid text, are left
 * out.
 */
export interface JsonPrefix {
  value: unknown;
  /** Whether the value ended inside the text (false: the text ran out, or was not JSON, inside it). */
  complete: boolean;
}

interface Step {
  value: unknown;
  end: number;
  complete: boolean;
}

const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const CUT_ESCAPE = /\\(?:u[0-9a-fA-F]{0,3})?$/;

function skipWs(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
  return i;
}

/** The closing quote of the string opening at `i`, or -1 when the text ends first. */
function closingQuote(text: string, i: number): number {
  for (let p = i + 1; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (c === 0x5c) p++;
    else if (c === 0x22) return p;
  }
  return -1;
}

function decode(quoted: string): string | undefined {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

function parseString(text: string, i: number): Step {
  const close = closingQuote(text, i);
  if (close >= 0) {
    const value = decode(text.slice(i, close + 1));
    return { value, end: close + 1, complete: value !== undefined };
  }
  // Cut off: drop an escape the cut split, decode the rest.
  const body = text.slice(i + 1).replace(CUT_ESCAPE, '');
  return { value: decode(`"${body}"`), end: text.length, complete: false };
}

/** Deeper nesting than any transcript line has stops the parse (untrusted text must not exhaust the stack). */
const MAX_DEPTH = 64;

function parseMembers(text: string, i: number, object: boolean, depth: number): Step {
  if (depth > MAX_DEPTH) return { value: undefined, end: i, complete: false };
  const into: Record<string, unknown> | unknown[] = object ? {} : [];
  const closer = object ? '}' : ']';
  let p = skipWs(text, i + 1);
  if (text[p] === closer) return { value: into, end: p + 1, complete: true };
  for (;;) {
    let key = '';
    if (object) {
      if (text[p] !== '"') return { value: into, end: p, complete: false };
      const name = parseString(text, p);
      if (!name.complete) return { value: into, end: name.end, complete: false };
      key = name.value as string;
      p = skipWs(text, name.end);
      if (text[p] !== ':') return { value: into, end: p, complete: false };
      p = skipWs(text, p + 1);
    }
    const item = parseAt(text, p, depth);
    if (item.value !== undefined) {
      if (Array.isArray(into)) into.push(item.value);
      else into[key] = item.value;
    }
    if (!item.complete) return { value: into, end: item.end, complete: false };
    p = skipWs(text, item.end);
    if (text[p] === closer) return { value: into, end: p + 1, complete: true };
    if (text[p] !== ',') return { value: into, end: p, complete: false };
    p = skipWs(text, p + 1);
  }
}

function parseAt(text: string, i: number, depth: number): Step {
  const c = text[i];
  if (c === '"') return parseString(text, i);
  if (c === '{' || c === '[') return parseMembers(text, i, c === '{', depth + 1);
  SCALAR.lastIndex = i;
  const match = SCALAR.exec(text);
  // A number that reaches the end of the text may have been cut: it is left out.
  if (!match || i + match[0].length >= text.length) return { value: undefined, end: i, complete: false };
  return { value: JSON.parse(match[0]) as unknown, end: i + match[0].length, complete: true };
}

/** Parses the JSON value at the start of `text`, as far as the text goes. */
export function parseJsonPrefix(text: string): JsonPrefix {
  const { value, complete } = parseAt(text, skipWs(text, 0), 0);
  return { value, complete };
}
