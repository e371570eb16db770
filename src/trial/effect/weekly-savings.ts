import type { CostEffect, SpendShift } from './cost.js';

/** Friction spend a rule saves a week (positive: saved; negative: it cost more), with its interval. */
export interface WeeklySaving {
  estimate: number;
  /** The interval, turned round (saved = minus the shift); null when the trial has none yet. */
  low: number | null;
  high: number | null;
}

export interface RuleSavings {
  frictionTokensPerWeek: WeeklySaving | null;
  frictionCostUsdPerWeek: WeeklySaving | null;
  /** The level of the trial's interval. */
  level: number;
}

function weekly(shift: SpendShift, sessionsPerWeek: number, places: number): WeeklySaving | null {
  if (shift.estimate === null) return null;
  const round = (x: number) => Math.round(x * 10 ** places) / 10 ** places + 0;
  return {
    estimate: round(-shift.estimate * sessionsPerWeek),
    low: shift.ok ? round(-shift.high * sessionsPerWeek) : null,
    high: shift.ok ? round(-shift.low * sessionsPerWeek) : null,
  };
}

/**
 * What a rule on trial saves a week: its trial's per-session shift in friction spend (effect/cost.ts),
 * turned into savings and scaled by the sessions a week. Undefined when the trial measured no spend.
 */
export function weeklySavings(
  cost: CostEffect | undefined,
  sessionsPerWeek: number,
): RuleSavings | undefined {
  // Without sessions a week there is nothing to save: "$0 a week" would read as a measured nothing.
  if (cost === undefined || sessionsPerWeek === 0) return undefined;
  const tokens = weekly(cost.frictionTokens, sessionsPerWeek, 0);
  const usd = weekly(cost.frictionCostUsd, sessionsPerWeek, 6);
  if (tokens === null && usd === null) return undefined;
  return { frictionTokensPerWeek: tokens, frictionCostUsdPerWeek: usd, level: cost.level };
}
