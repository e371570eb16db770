import type { TrialEvaluation } from '../review.js';
import type { ArmSpend, CostEffect, SpendShift } from './cost.js';
import { shortNumber } from './defer-line.js';

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const round4 = (x: number) => round(x, 4);

/** One spend measure as the review's JSON shows it; null when no session on a side has it. */
function shiftJson(shift: SpendShift, places: number, unit: string) {
  if (!shift.ok && shift.estimate === null) return null;
  return {
    estimate: shift.estimate === null ? null : round(shift.estimate, places),
    low: shift.ok ? round(shift.low, places) : null,
    high: shift.ok ? round(shift.high, places) : null,
    unit,
    sessions: shift.n,
    achieved_level: shift.ok ? round4(shift.achievedLevel) : null,
    reason: shift.ok ? null : shift.reason,
  };
}

function armJson(arm: ArmSpend) {
  return {
    sessions: arm.sessions,
    with_usage: arm.withUsage,
    tokens: arm.tokens,
    cost_usd: arm.costUsd,
    unpriced: arm.unpriced,
    friction_tokens: arm.frictionTokens,
    friction_cost_usd: arm.frictionCostUsd,
  };
}

/**
 * `effects` of `trial review --json`: the friction spend per session, in-trial minus baseline, with the
 * interval the friction effect uses (`friction_tokens`, `friction_cost_usd` at API prices: null with a
 * `reason` when no compared session on a side records usage), beside each side's totals.
 */
export function costEffectsJson(cost: CostEffect | undefined) {
  if (cost === undefined) return null;
  const tokens = shiftJson(cost.frictionTokens, 0, 'friction tokens per session');
  const usd = shiftJson(cost.frictionCostUsd, 6, 'friction USD per session at API prices');
  // Money needs the tokens first: when they are missing, theirs is the reason for both.
  const reason =
    tokens === null && !cost.frictionTokens.ok
      ? cost.frictionTokens.reason
      : usd === null && !cost.frictionCostUsd.ok
        ? cost.frictionCostUsd.reason
        : null;
  return {
    friction_tokens: tokens,
    friction_cost_usd: usd,
    level: round4(cost.level),
    method: 'hodges-lehmann, mann-whitney interval, sessions of comparable size',
    reason,
    baseline: armJson(cost.baseline),
    during: armJson(cost.during),
    prices: cost.prices.map((p) => ({ name: p.name, date: p.date })),
  };
}

/** The spend effect as the review's JSON and the directive history keep it. */
export type SpendEffectJson = NonNullable<ReturnType<typeof costEffectsJson>>;

function shiftText(name: string, shift: SpendShift, places: number): string {
  const estimate = shift.estimate === null ? 'none' : shortNumber(round(shift.estimate, places));
  const ci = shift.ok
    ? `${shortNumber(round(shift.low, places))},${shortNumber(round(shift.high, places))}`
    : 'none';
  return `${name}=${estimate} ci=${ci}`;
}

/**
 * The review's stderr line on friction's spend, for a trial some of whose sessions record usage: the
 * per-session shift in friction tokens and dollars (at API prices) with its interval, how many sessions of
 * each side carry usage, and the rule's head. Undefined when no session does (nothing to say but "none").
 */
export function costLine(evaluation: TrialEvaluation): string | undefined {
  const cost = evaluation.cost;
  if (cost === undefined || cost.baseline.withUsage + cost.during.withUsage === 0) return undefined;
  const head = Array.from(evaluation.trial.text).slice(0, 60).join('');
  return [
    `# trial-review: spend agent=${evaluation.trial.agent}`,
    shiftText('friction_tokens', cost.frictionTokens, 0),
    shiftText('friction_usd', cost.frictionCostUsd, 4),
    `per=session level=${shortNumber(cost.level)}`,
    `usage=${cost.baseline.withUsage}/${cost.baseline.sessions},${cost.during.withUsage}/${cost.during.sessions}`,
    `directive=${head}`,
  ].join(' ');
}
