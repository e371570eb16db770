import type { PriceSource, PriceTable } from '../../cost/price-table.js';
import { sessionCost } from '../../cost/session-cost.js';
import type { SessionUsage } from '../../cost/session-usage.js';
import type { SessionEvidence } from '../evidence/read.js';
import type { SessionScore } from '../scores.js';
import { type ShiftInterval, shiftInterval } from './rank-interval.js';
import { type SessionRate, trialSides } from './sides.js';

/** One session's spend, priced (money at API prices: docs/cost.md). */
interface SessionSpend {
  sessionId: string;
  tokens: number;
  /** Null: a model the session used has no price. */
  costUsd: number | null;
  /** Null: the host records usage per session only, so its friction share is unknown. */
  frictionTokens: number | null;
  frictionCostUsd: number | null;
}

/** One side's totals: what its sessions used and what friction took of it. */
export interface ArmSpend {
  /** Scored sessions on the side. */
  sessions: number;
  /** Of them, those whose transcript (or stored row) records usage. */
  withUsage: number;
  tokens: number;
  /** Over the sessions whose models are all priced; null when none is. */
  costUsd: number | null;
  /** Sessions with usage left out of the money because a model they used has no price. */
  unpriced: number;
  /** Over the sessions whose friction share is known. */
  frictionTokens: number;
  frictionCostUsd: number | null;
}

/** The shift of one spend measure per session, during − baseline, or why there is none. */
export type SpendShift =
  | (Extract<ShiftInterval, { ok: true }> & { n: { baseline: number; during: number } })
  | { ok: false; reason: string; estimate: number | null; n: { baseline: number; during: number } };

/** What a rule's trial did to friction's spend: per session, with the interval the friction effect uses. */
export interface CostEffect {
  level: number;
  frictionTokens: SpendShift;
  frictionCostUsd: SpendShift;
  baseline: ArmSpend;
  during: ArmSpend;
  prices: PriceSource[];
}

const round8 = (x: number) => Math.round(x * 1e8) / 1e8;

/** A session's usage: its transcript's own reading (same hits as the trial's friction), else the store's. */
function usageOf(
  rate: SessionRate,
  stored: ReadonlyMap<string, SessionUsage | undefined>,
): SessionUsage | undefined {
  const usage = rate.evidence?.usage ?? stored.get(rate.sessionId);
  return usage?.entries === null ? undefined : usage;
}

function spendOf(rate: SessionRate, usage: SessionUsage, prices: PriceTable): SessionSpend {
  const cost = sessionCost(usage, prices);
  const t = cost.tokens;
  return {
    sessionId: rate.sessionId,
    tokens: t === null ? 0 : t.input + t.output + t.cache_write + t.cache_read,
    costUsd: cost.cost_usd,
    frictionTokens: cost.friction_tokens,
    frictionCostUsd: cost.friction_cost_usd,
  };
}

function armSpend(sessions: number, spends: readonly SessionSpend[]): ArmSpend {
  const priced = spends.filter((s) => s.costUsd !== null);
  const known = spends.filter((s) => s.frictionTokens !== null);
  const knownPriced = known.filter((s) => s.frictionCostUsd !== null);
  const sum = (values: number[]) => round8(values.reduce((a, b) => a + b, 0));
  return {
    sessions,
    withUsage: spends.length,
    tokens: sum(spends.map((s) => s.tokens)),
    costUsd: priced.length === 0 ? null : sum(priced.map((s) => s.costUsd as number)),
    unpriced: spends.length - priced.length,
    frictionTokens: sum(known.map((s) => s.frictionTokens as number)),
    frictionCostUsd:
      knownPriced.length === 0 ? null : sum(knownPriced.map((s) => s.frictionCostUsd as number)),
  };
}

const percent = (level: number) => `${Math.round(level * 1000) / 10}%`;

/** The Hodges–Lehmann shift of one measure with its Moses interval, or the reason it cannot be had. */
function spendShift(
  baseline: readonly (number | null)[],
  during: readonly (number | null)[],
  level: number,
  what: { missing: string },
): SpendShift {
  const b = baseline.filter((v): v is number => v !== null);
  const d = during.filter((v): v is number => v !== null);
  const n = { baseline: b.length, during: d.length };
  if (b.length === 0 && d.length === 0)
    return { ok: false, reason: `no compared session ${what.missing}`, estimate: null, n };
  if (b.length === 0 || d.length === 0) {
    const side = b.length === 0 ? 'baseline' : 'in-trial';
    return { ok: false, reason: `no ${side} session of comparable size ${what.missing}`, estimate: null, n };
  }
  const interval = shiftInterval(b, d, level);
  if (!interval.ok)
    return {
      ok: false,
      reason: `${n.baseline} baseline and ${n.during} in-trial sessions are too few for a ${percent(level)} interval`,
      estimate: interval.estimate ?? null,
      n,
    };
  return {
    ok: true,
    estimate: interval.estimate,
    low: interval.low,
    high: interval.high,
    achievedLevel: interval.achievedLevel,
    distribution: interval.distribution,
    n,
  };
}

/**
 * The trial's effect on what friction costs: each session's friction spend (the tokens of the calls the
 * gate's signals mark, and those tokens priced at API prices) before and during the trial, compared as the
 * friction effect compares rates: the same sessions (those of comparable size, see trialSides), the
 * Hodges–Lehmann shift and its Mann–Whitney interval at the review's level. Sessions that record no usage
 * are left out of both the shift and the totals; the totals are over every session of a side.
 */
export function trialCostEffect(
  start: string,
  sessions: readonly SessionScore[],
  evidence: ReadonlyMap<string, SessionEvidence | undefined>,
  prices: PriceTable,
  level: number,
): CostEffect {
  const sides = trialSides(start, sessions, evidence);
  const stored = new Map(sessions.map((s) => [s.sessionId, s.usage]));
  const spends = (rates: readonly SessionRate[]) =>
    rates.flatMap((rate) => {
      const usage = usageOf(rate, stored);
      return usage === undefined ? [] : [spendOf(rate, usage, prices)];
    });
  const compared = { baseline: spends(sides.compared.baseline), during: spends(sides.compared.during) };
  return {
    level,
    frictionTokens: spendShift(
      compared.baseline.map((s) => s.frictionTokens),
      compared.during.map((s) => s.frictionTokens),
      level,
      { missing: 'records its token usage call by call' },
    ),
    frictionCostUsd: spendShift(
      compared.baseline.map((s) => s.frictionCostUsd),
      compared.during.map((s) => s.frictionCostUsd),
      level,
      { missing: 'records its usage call by call with models the price table prices' },
    ),
    baseline: armSpend(sides.baseline.length, spends(sides.baseline)),
    during: armSpend(sides.during.length, spends(sides.during)),
    prices: prices.sources,
  };
}
