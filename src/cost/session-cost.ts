import { FRICTION_SIGNALS, type FrictionSignal } from './friction.js';
import type { PriceTable, TokenRates } from './price-table.js';
import type { SessionUsage, UsageEntry } from './session-usage.js';
import { addTokens, type TokenCounts, totalTokens, zeroTokens } from './tokens.js';

/** The four kinds as `scan --json` shows them. */
export interface ShownTokens {
  input: number;
  output: number;
  cache_write: number;
  cache_read: number;
}

/** A session's usage priced: what `scan --json`, the table, `report` and MCP show. */
export interface SessionCost {
  /** Null: the transcript records no usage (not zero). */
  tokens: ShownTokens | null;
  /** Null: no usage, or a model that used tokens has no price. */
  cost_usd: number | null;
  /** Null when `tokens` is, or when the host records usage per session only (its friction is unknown). */
  friction_tokens: number | null;
  friction_cost_usd: number | null;
  /** Friction by the signal that marks it (only signals with tokens). */
  friction_by_signal: Partial<Record<FrictionSignal, { tokens: number; cost_usd: number | null }>>;
  /** Models that used tokens and have no price (their cost is unknown, so the session's is too). */
  unpriced_models: string[];
}

/** What one model's calls cost at these rates (a kind without its own rate costs what input does). */
export function costAt(tokens: TokenCounts, rates: TokenRates): number {
  const write = rates.cache_write_mtok ?? rates.input_mtok;
  const writeHour = rates.cache_write_1h_mtok ?? write;
  const read = rates.cache_read_mtok ?? rates.input_mtok;
  const hour = Math.min(tokens.cache_write_1h, tokens.cache_write);
  return (
    (tokens.input * rates.input_mtok +
      tokens.output * rates.output_mtok +
      (tokens.cache_write - hour) * write +
      hour * writeHour +
      tokens.cache_read * read) /
    1_000_000
  );
}

/** Dollars kept to a millionth of a cent's tenth: enough for any sum shown, free of float noise. */
function roundUsd(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

// The objects a session's cost is made of come from constructors, not literals. A scan keeps every shown
// session's cost until its table is printed, so the objects outlive the young generation's collections, and
// V8 then decides to allocate a literal's objects in the old generation from the start ("pretenuring", by
// the literal's allocation site): compiled code that allocates from that literal is thrown away at that
// collection (`code dependencies` in --trace-deopt), as sessionCost's was, once per scan, after its compile.
// An object made by `new` has no allocation site, so no such decision is taken for it.
class Shown implements ShownTokens {
  input: number;
  output: number;
  cache_write: number;
  cache_read: number;
  constructor(t: TokenCounts) {
    this.input = t.input;
    this.output = t.output;
    this.cache_write = t.cache_write;
    this.cache_read = t.cache_read;
  }
}

class SignalCost {
  tokens: number;
  cost_usd: number | null;
  constructor(tokens: number, cost_usd: number | null) {
    this.tokens = tokens;
    this.cost_usd = cost_usd;
  }
}

class Priced implements SessionCost {
  tokens: ShownTokens | null;
  cost_usd: number | null;
  friction_tokens: number | null;
  friction_cost_usd: number | null;
  friction_by_signal: Partial<Record<FrictionSignal, { tokens: number; cost_usd: number | null }>>;
  unpriced_models: string[];
  constructor(
    tokens: ShownTokens | null,
    cost_usd: number | null,
    friction_tokens: number | null,
    friction_cost_usd: number | null,
    friction_by_signal: SessionCost['friction_by_signal'],
    unpriced_models: string[],
  ) {
    this.tokens = tokens;
    this.cost_usd = cost_usd;
    this.friction_tokens = friction_tokens;
    this.friction_cost_usd = friction_cost_usd;
    this.friction_by_signal = friction_by_signal;
    this.unpriced_models = unpriced_models;
  }
}

class Sum {
  tokens = zeroTokens();
  // The cost so far and whether every call with tokens had a price (else the sum's cost is unknown). Kept
  // apart, so that the cost stays a number: a null written where V8 had seen only numbers, at the first
  // unpriced session of a scan, throws the compiled pricing away.
  private dollars = 0;
  private priced = true;
  add(entry: UsageEntry, cost: number | undefined): void {
    addTokens(this.tokens, entry.tokens);
    if (totalTokens(entry.tokens) === 0) return;
    if (cost === undefined) this.priced = false;
    else this.dollars += cost;
  }
  get cost(): number | null {
    return this.priced ? this.dollars : null;
  }
}

/** Prices a stored session's usage with a table (the bundled one, or a `--pricing` file over it). */
export function sessionCost(usage: SessionUsage | undefined, table: PriceTable): SessionCost {
  if (!usage || usage.entries === null) return new Priced(null, null, null, null, {}, []);
  const at = usage.firstAt ? new Date(usage.firstAt) : undefined;
  const when = at && !Number.isNaN(at.getTime()) ? at : undefined;
  const all = new Sum();
  const friction = new Sum();
  const bySignal = new Map<FrictionSignal, Sum>();
  const unpriced = new Set<string>();
  for (const entry of usage.entries) {
    const rates = table.rates(entry.model, entry.band, when);
    if (!rates && totalTokens(entry.tokens) > 0) unpriced.add(entry.model);
    const cost = rates ? costAt(entry.tokens, rates) : undefined;
    all.add(entry, cost);
    if (entry.signal) {
      friction.add(entry, cost);
      const sum = bySignal.get(entry.signal) ?? new Sum();
      bySignal.set(entry.signal, sum);
      sum.add(entry, cost);
    }
  }
  const usd = (value: number | null) => (value === null ? null : roundUsd(value));
  const friction_by_signal: SessionCost['friction_by_signal'] = {};
  for (const signal of FRICTION_SIGNALS) {
    const sum = bySignal.get(signal);
    if (sum) friction_by_signal[signal] = new SignalCost(totalTokens(sum.tokens), usd(sum.cost));
  }
  // Usage the host records per session (Copilot CLI) cannot be split into calls: its friction is unknown.
  const frictionKnown = usage.frictionUnknown !== true;
  return new Priced(
    new Shown(all.tokens),
    usd(all.cost),
    frictionKnown ? totalTokens(friction.tokens) : null,
    frictionKnown ? usd(friction.cost) : null,
    friction_by_signal,
    [...unpriced].sort(),
  );
}
