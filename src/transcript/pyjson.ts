/**
 * Small helpers that reproduce the original (Python) gate's view of JSON values and text, so that our
 * verdicts agree with it to the last id: truthiness, whitespace and float formatting.
 */

/** Python's `str.isspace()` characters (also what `\s`, `split()` and `strip()` use on str). */
export const PY_WHITESPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const LEADING_WS = new RegExp(`^[${PY_WHITESPACE}]+`);
const WS_CHAR = new RegExp(`[${PY_WHITESPACE}]`);
const WS_RUN = new RegExp(`[${PY_WHITESPACE}]+`);

/** Python truthiness: 0, "", [], {}, null and false are false; everything else (even "false") is true. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') {
    for (const _ in value) return true;
    return false;
  }
  return true;
}

export function pyLstrip(text: string): string {
  return text.replace(LEADING_WS, '');
}

/**
 * Whether the code unit at `index` is one of PY_WHITESPACE (all of them are single code units). A test per
 * character rather than a `[…]+$` pattern: that one is tried from every white-space run of the text, and on
 * a long JSON line (indented code in a string) it costs as much as the parse (8 ms per 100 MB transcript).
 */
function isPySpaceAt(text: string, index: number): boolean {
  const c = text.charCodeAt(index);
  if (c < 0x80) return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20);
  return WS_CHAR.test(text[index]!);
}

export function pyStrip(text: string): string {
  const stripped = text.replace(LEADING_WS, '');
  let end = stripped.length;
  while (end > 0 && isPySpaceAt(stripped, end - 1)) end--;
  return end === stripped.length ? stripped : stripped.slice(0, end);
}

/** `str.split()` with no argument: runs of whitespace separate, no empty tokens. */
export function pySplit(text: string): string[] {
  const stripped = pyStrip(text);
  return stripped.length === 0 ? [] : stripped.split(WS_RUN);
}

const WS_GLOBAL = new RegExp(`[${PY_WHITESPACE}]+`, 'g');

/** The first `limit` words of `str.split()` (fewer when the text has fewer), without splitting the rest. */
export function pyFirstWords(text: string, limit: number): string[] {
  const words: string[] = [];
  const stripped = pyLstrip(text);
  WS_GLOBAL.lastIndex = 0;
  let start = 0;
  while (words.length < limit && start < stripped.length) {
    const match = WS_GLOBAL.exec(stripped);
    const end = match ? match.index : stripped.length;
    words.push(stripped.slice(start, end));
    if (!match) break;
    start = match.index + match[0].length;
  }
  return words;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Length in code points (Python `len`), counting a lone surrogate as one. */
export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

/** The first `n` code points of `text`. */
export function firstCodePoints(text: string, n: number): string {
  let out = '';
  let count = 0;
  for (const ch of text) {
    if (count++ >= n) break;
    out += ch;
  }
  return out;
}

const PY_FLOAT_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
const PY_FLOAT_NUMBER =
  /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;

/** Python `float(text)`, or undefined where Python raises ValueError. */
export function parsePyFloat(text: string): number | undefined {
  const s = pyStrip(text);
  const special = PY_FLOAT_SPECIAL.exec(s);
  if (special) {
    if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (!PY_FLOAT_NUMBER.test(s)) return undefined;
  return Number(s.replace(/_/g, ''));
}

/** Python's `repr(float)` as `json.dumps` prints it: `5.0`, `11.5`, `1e+16`, `1e-05`, `Infinity`, `NaN`. */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  // Shortest round-trip digits, as both languages compute them.
  const [digits, exp] = value.toExponential().split('e') as [string, string];
  let e = Number(exp);
  if (!Number.isFinite(e)) e = exponent;
  if (e < -4 || e >= 16) {
    const sign = e < 0 ? '-' : '+';
    const abs = Math.abs(e);
    return `${digits}e${sign}${abs < 10 ? `0${abs}` : abs}`;
  }
  const plain = value.toFixed(Math.max(0, (digits.split('.')[1]?.length ?? 0) - e));
  return plain.includes('.') ? plain : `${plain}.0`;
}
