/**
 * Tokens of one model call or a sum of them, by the kind a price table prices apart. `input` is the
 * uncached input only (Claude Code's `input_tokens`; Codex's input minus its cached part), so the four kinds
 * add up to everything the call was billed for. `cache_write_1h` is the part of `cache_write` written for
 * an hour (priced higher where the table says so); it is included in `cache_write`.
 */
export interface TokenCounts {
  input: number;
  output: number;
  cache_write: number;
  cache_read: number;
  cache_write_1h: number;
}

export function zeroTokens(): TokenCounts {
  return { input: 0, output: 0, cache_write: 0, cache_read: 0, cache_write_1h: 0 };
}

/** Adds `more` into `into` (in place) and returns it. */
export function addTokens(into: TokenCounts, more: TokenCounts): TokenCounts {
  into.input += more.input;
  into.output += more.output;
  into.cache_write += more.cache_write;
  into.cache_read += more.cache_read;
  into.cache_write_1h += more.cache_write_1h;
  return into;
}

/** Sets `into`'s counts to `from`'s (in place: a record keeps its own object) and returns it. */
export function copyTokens(into: TokenCounts, from: TokenCounts): TokenCounts {
  into.input = from.input;
  into.output = from.output;
  into.cache_write = from.cache_write;
  into.cache_read = from.cache_read;
  into.cache_write_1h = from.cache_write_1h;
  return into;
}

/** Every token billed: the four kinds together (the 1-hour writes are inside `cache_write`). */
export function totalTokens(tokens: TokenCounts): number {
  return tokens.input + tokens.output + tokens.cache_write + tokens.cache_read;
}

/** A count as the host wrote it: a finite, non-negative number, else 0. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
