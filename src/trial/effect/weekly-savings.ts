/**
 * A per-session shift in friction spend (during − baseline) as a saving needs it: a trial's review has it
 * as a SpendShift (effect/cost.ts), a decided rule's record in the directive history as the JSON the
 * review printed. `low` and `high` are absent or null when there is no interval yet.
 */
export interface ShiftFigures {
  estimate: number | null;
  low?: number | null;
  high?: number | null;
}

/** What a trial measured of friction's spend, as much of it as a saving needs (a CostEffect is one). */
export interface SpendFigures {
  level: number;
  frictionTokens: ShiftFigures;
  frictionCostUsd: ShiftFigures;
}

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

function weekly(shift: ShiftFigures, sessionsPerWeek: number, places: number): WeeklySaving | null {
  if (shift.estimate === null) return null;
  const round = (x: number) => Math.round(x * 10 ** places) / 10 ** places + 0;
  const { low, high } = shift;
  const interval = typeof low === 'number' && typeof high === 'number';
  return {
    estimate: round(-shift.estimate * sessionsPerWeek),
    low: interval ? round(-high * sessionsPerWeek) : null,
    high: interval ? round(-low * sessionsPerWeek) : null,
  };
}

/**
 * What a rule saves a week: its trial's per-session shift in friction spend (effect/cost.ts, or the one
 * its decision recorded), turned into savings and scaled by the sessions a week. Undefined when the trial
 * measured no spend.
 */
export function weeklySavings(
  spend: SpendFigures | undefined,
  sessionsPerWeek: number,
): RuleSavings | undefined {
  // Without sessions a week there is nothing to save: "$0 a week" would read as a measured nothing.
  if (spend === undefined || sessionsPerWeek === 0) return undefined;
  const tokens = weekly(spend.frictionTokens, sessionsPerWeek, 0);
  const usd = weekly(spend.frictionCostUsd, sessionsPerWeek, 6);
  if (tokens === null && usd === null) return undefined;
  // The level as the review's JSON (and so the decision record) shows it, so that both give the same figures.
  return {
    frictionTokensPerWeek: tokens,
    frictionCostUsdPerWeek: usd,
    level: Math.round(spend.level * 10_000) / 10_000,
  };
}
