/**
 * Validating skips over JSON text in a byte buffer, without decoding it. Each returns the index just after
 * what it skipped, or -1 when the bytes are not JSON that `JSON.parse` would accept (the caller then falls
 * back to a full parse, which decides). Lines never contain CR or LF, so whitespace is space or tab.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Bytes allowed after a backslash: `"` `\` `/` `b` `f` `n` `r` `t` (`u` is checked apart). */
const SIMPLE_ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

/** Whether the last string skipped by skipString held an escape (then it must be decoded by JSON.parse). */
export let stringHadEscape = false;

export function skipWs(b: Uint8Array, i: number, end: number): number {
  while (i < end) {
    const c = b[i]!;
    if (c !== 0x20 && c !== 0x09) break;
    i++;
  }
  return i;
}

/** `i` at the opening quote. Control characters and malformed escapes are invalid, as in JSON.parse. */
export function skipString(b: Uint8Array, i: number, end: number): number {
  let p = i + 1;
  let escaped = false;
  while (p < end) {
    const c = b[p]!;
    if (c === QUOTE) {
      stringHadEscape = escaped;
      return p + 1;
    }
    if (c === BACKSLASH) {
      escaped = true;
      if (p + 1 >= end) return -1;
      const d = b[p + 1]!;
      if (SIMPLE_ESCAPE[d] === 1) p += 2;
      else if (
        d === 0x75 &&
        p + 5 < end &&
        HEX[b[p + 2]!] &&
        HEX[b[p + 3]!] &&
        HEX[b[p + 4]!] &&
        HEX[b[p + 5]!]
      )
        p += 6;
      else return -1;
      continue;
    }
    if (c < 0x20) return -1;
    p++;
  }
  return -1;
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

/** A number (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`) or `true`/`false`/`null`. */
function skipScalar(b: Uint8Array, i: number, end: number): number {
  const c = b[i];
  if (c === 0x74)
    return end - i >= 4 && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65 ? i + 4 : -1;
  if (c === 0x66)
    return end - i >= 5 && b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 && b[i + 4] === 0x65
      ? i + 5
      : -1;
  if (c === 0x6e)
    return end - i >= 4 && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c ? i + 4 : -1;
  let p = i;
  if (b[p] === 0x2d) p++;
  if (p >= end) return -1;
  if (b[p] === 0x30) p++;
  else if (isDigit(b[p]) && b[p] !== 0x30) while (p < end && isDigit(b[p])) p++;
  else return -1;
  if (p < end && b[p] === 0x2e) {
    p++;
    if (p >= end || !isDigit(b[p])) return -1;
    while (p < end && isDigit(b[p])) p++;
  }
  if (p < end && (b[p] === 0x65 || b[p] === 0x45)) {
    p++;
    if (p < end && (b[p] === 0x2b || b[p] === 0x2d)) p++;
    if (p >= end || !isDigit(b[p])) return -1;
    while (p < end && isDigit(b[p])) p++;
  }
  return p;
}

/** Deeper nesting than this is left to JSON.parse (which may refuse it). */
const MAX_DEPTH = 512;
const stack = new Uint8Array(MAX_DEPTH);
const IN_OBJECT = 1;
const IN_ARRAY = 2;

/** Any JSON value; containers are walked iteratively with their structure checked. */
export function skipValue(b: Uint8Array, i: number, end: number): number {
  const first = b[i];
  if (first === QUOTE) return skipString(b, i, end);
  if (first !== 0x7b && first !== 0x5b) return skipScalar(b, i, end);
  let depth = 0;
  for (;;) {
    // At the start of a value.
    if (i >= end) return -1;
    const c = b[i]!;
    if (c === 0x7b || c === 0x5b) {
      if (depth === MAX_DEPTH) return -1;
      const isObject = c === 0x7b;
      stack[depth++] = isObject ? IN_OBJECT : IN_ARRAY;
      i = skipWs(b, i + 1, end);
      if (i < end && b[i] === (isObject ? 0x7d : 0x5d)) {
        i++;
        depth--;
      } else if (isObject) {
        if (b[i] !== QUOTE) return -1;
        i = skipString(b, i, end);
        if (i < 0) return -1;
        i = skipWs(b, i, end);
        if (b[i] !== 0x3a || i >= end) return -1;
        i = skipWs(b, i + 1, end);
        continue;
      } else {
        continue;
      }
    } else {
      i = c === QUOTE ? skipString(b, i, end) : skipScalar(b, i, end);
      if (i < 0) return -1;
    }
    // After a value: a separator, or the end of one or more containers.
    for (;;) {
      if (depth === 0) return i;
      i = skipWs(b, i, end);
      if (i >= end) return -1;
      const d = b[i]!;
      const top = stack[depth - 1];
      if (d === 0x2c) {
        i = skipWs(b, i + 1, end);
        if (top === IN_OBJECT) {
          if (i >= end || b[i] !== QUOTE) return -1;
          i = skipString(b, i, end);
          if (i < 0) return -1;
          i = skipWs(b, i, end);
          if (i >= end || b[i] !== 0x3a) return -1;
          i = skipWs(b, i + 1, end);
        }
        break;
      }
      if ((d === 0x7d && top === IN_OBJECT) || (d === 0x5d && top === IN_ARRAY)) {
        i++;
        depth--;
        continue;
      }
      return -1;
    }
  }
}
