import { skipString, skipValue, skipWs } from '../transcript/claude/fast/json-skip.js';
import type { TokenCounts } from './tokens.js';

/**
 * Byte-level reads of the few fields a Claude Code assistant line's usage needs, so that the line is never
 * decoded or parsed as a whole (its text and tool inputs can be megabytes; the gate's own pass has already
 * walked it). Each read says "not sure" (undefined, or -1) rather than guess, and the caller then parses
 * the line whole.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

const bytes = (text: string) => Buffer.from(text, 'latin1');
const INPUT = bytes('input_tokens');
const OUTPUT = bytes('output_tokens');
const CACHE_WRITE = bytes('cache_creation_input_tokens');
const CACHE_READ = bytes('cache_read_input_tokens');
const CACHE_CREATION = bytes('cache_creation');
const ONE_HOUR = bytes('ephemeral_1h_input_tokens');

function keyIs(b: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (b[start + k] !== word[k]) return false;
  return true;
}

/** A token count written as a plain integer (the hosts' way); anything else counts 0, as tokenCount does. */
export function countAt(b: Uint8Array, i: number, end: number): number {
  let value = 0;
  let p = i;
  while (p < end) {
    const c = b[p]!;
    if (c < 0x30 || c > 0x39) break;
    value = value * 10 + (c - 0x30);
    p++;
  }
  if (p === i) return 0;
  // A fraction or an exponent (no host writes one): read it as JSON would, and keep its whole part.
  if (p < end && (b[p] === 0x2e || b[p] === 0x65 || b[p] === 0x45)) {
    const after = skipValue(b, i, end);
    const exact = Number(Buffer.from(b.buffer, b.byteOffset + i, after - i).toString('latin1'));
    return Number.isFinite(exact) && exact > 0 ? Math.floor(exact) : 0;
  }
  return value;
}

/** Which count a usage key names (KEY_NONE: another key), told by its length and a byte or two. */
const KEY_NONE = 0;
const KEY_INPUT = 1;
const KEY_OUTPUT = 2;
const KEY_CACHE_WRITE = 3;
const KEY_CACHE_READ = 4;
const KEY_CACHE_CREATION = 5;
const KEY_ONE_HOUR = 6;

function usageKey(b: Uint8Array, start: number, end: number): number {
  switch (end - start) {
    case INPUT.length:
      return keyIs(b, start, end, INPUT) ? KEY_INPUT : KEY_NONE;
    case OUTPUT.length:
      return keyIs(b, start, end, OUTPUT) ? KEY_OUTPUT : KEY_NONE;
    case CACHE_WRITE.length:
      return keyIs(b, start, end, CACHE_WRITE) ? KEY_CACHE_WRITE : KEY_NONE;
    case CACHE_READ.length:
      return keyIs(b, start, end, CACHE_READ) ? KEY_CACHE_READ : KEY_NONE;
    case CACHE_CREATION.length:
      return keyIs(b, start, end, CACHE_CREATION) ? KEY_CACHE_CREATION : KEY_NONE;
    case ONE_HOUR.length:
      return keyIs(b, start, end, ONE_HOUR) ? KEY_ONE_HOUR : KEY_NONE;
    default:
      return KEY_NONE;
  }
}

/** The end of the key whose opening quote is at `i` (its closing quote), or -1 (an escape, or no end). */
function keyEnd(b: Uint8Array, i: number, end: number): number {
  for (let p = i + 1; p < end; p++) {
    const c = b[p]!;
    if (c === QUOTE) return p;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

/** The one-hour count read from `cache_creation` by the last readMembers call with `nested`. */
let oneHour = 0;

/**
 * Reads the members of the object at `open` (`{`): at the top (`nested` false) the four kinds into
 * `into`, inside `cache_creation` (`nested` true) the one-hour part into `oneHour`. Returns the index
 * after `}`, or -1.
 */
function readMembers(b: Uint8Array, open: number, end: number, into: TokenCounts, nested: boolean): number {
  let i = skipWs(b, open + 1, end);
  if (i < end && b[i] === CLOSE) return i + 1;
  for (;;) {
    if (i >= end || b[i] !== QUOTE) return -1;
    const close = keyEnd(b, i, end);
    if (close < 0) return -1;
    const key = usageKey(b, i + 1, close);
    i = skipWs(b, close + 1, end);
    if (i >= end || b[i] !== COLON) return -1;
    i = skipWs(b, i + 1, end);
    if (i >= end) return -1;
    let after: number;
    if (!nested && key === KEY_CACHE_CREATION && b[i] === OPEN) after = readMembers(b, i, end, into, true);
    else {
      after = skipValue(b, i, end);
      if (after < 0) return -1;
      if (nested) {
        if (key === KEY_ONE_HOUR) oneHour = countAt(b, i, after);
      } else if (key === KEY_INPUT) into.input = countAt(b, i, after);
      else if (key === KEY_OUTPUT) into.output = countAt(b, i, after);
      else if (key === KEY_CACHE_WRITE) into.cache_write = countAt(b, i, after);
      else if (key === KEY_CACHE_READ) into.cache_read = countAt(b, i, after);
    }
    if (after < 0) return -1;
    i = skipWs(b, after, end);
    if (i >= end) return -1;
    if (b[i] === COMMA) {
      i = skipWs(b, i + 1, end);
      continue;
    }
    return b[i] === CLOSE ? i + 1 : -1;
  }
}

/**
 * Reads the usage object at `open` (`{`) into `into`: the four kinds at its top level, and the one-hour
 * part of the cache writes from `cache_creation` (nested objects such as `iterations` are skipped, never
 * mistaken for the call's own counts). Returns the index after `}`, or -1 (parse the line whole).
 */
export function readUsageObject(b: Uint8Array, open: number, end: number, into: TokenCounts): number {
  into.input = 0;
  into.output = 0;
  into.cache_write = 0;
  into.cache_read = 0;
  oneHour = 0;
  const close = readMembers(b, open, end, into, false);
  into.cache_write_1h = Math.min(into.cache_write, oneHour);
  return close;
}

/**
 * The index after the object whose members continue at `i` (just after one of its values): its further
 * members are skipped (a gateway's content written after the usage, Claude Code's `diagnostics`), so that
 * what follows is the line's own top level. -1 when the bytes are not that.
 */
export function afterObjectRest(b: Uint8Array, i: number, end: number): number {
  for (;;) {
    i = skipWs(b, i, end);
    if (i >= end) return -1;
    if (b[i] === CLOSE) return i + 1;
    if (b[i] !== COMMA) return -1;
    i = skipWs(b, i + 1, end);
    if (i >= end || b[i] !== QUOTE) return -1;
    i = skipString(b, i, end);
    if (i < 0) return -1;
    i = skipWs(b, i, end);
    if (i >= end || b[i] !== COLON) return -1;
    i = skipValue(b, skipWs(b, i + 1, end), end);
    if (i < 0) return -1;
  }
}
