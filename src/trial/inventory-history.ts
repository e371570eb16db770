import { readTextIfExists } from '../fsx/index.js';
import type { ShiftFigures, SpendFigures } from './effect/weekly-savings.js';
import { directiveHistoryPath } from './history.js';
import type { RuleEffect } from './inventory.js';

/** The latest recorded decision per rule (`agent\ntext`), with the effect it was decided on. */
export interface DecidedRule {
  decision: string;
  trialStart: string;
  effect: RuleEffect;
  /** What its trial did to friction's spend, when the decision recorded it (older records did not). */
  spend: SpendFigures | undefined;
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One measure of a recorded `spend_effect` (`{estimate, low, high, ...}` or null): null when it does not read. */
function shiftOf(value: unknown): ShiftFigures | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const shift = value as { estimate?: unknown; low?: unknown; high?: unknown };
  // The review writes a measure it could not estimate as null; anything else is not its record.
  if (shift.estimate !== null && finite(shift.estimate) === null) return null;
  const estimate = finite(shift.estimate);
  const [low, high] = [finite(shift.low), finite(shift.high)];
  // An interval is both ends or neither.
  return low !== null && high !== null ? { estimate, low, high } : { estimate };
}

/** A decision's `spend_effect` as a saving reads it; undefined when it is absent or does not read. */
function spendOf(value: unknown): SpendFigures | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const spend = value as { friction_tokens?: unknown; friction_cost_usd?: unknown; level?: unknown };
  const level = finite(spend.level);
  const tokens = shiftOf(spend.friction_tokens);
  const usd = shiftOf(spend.friction_cost_usd);
  if (level === null || (tokens === null && usd === null)) return undefined;
  const none: ShiftFigures = { estimate: null };
  return { level, frictionTokens: tokens ?? none, frictionCostUsd: usd ?? none };
}

/**
 * Reads the directive history for the rules that stayed (a KEEP): an effect-rule decision keeps its
 * interval, a seed decision the difference of its means; a decision that recorded its trial's spend
 * effect keeps that too. Lines that do not read are skipped.
 */
export function historyEffectsOf(mainCheckout: string): Map<string, DecidedRule> {
  const decided = new Map<string, DecidedRule>();
  for (const line of (readTextIfExists(directiveHistoryPath(mainCheckout)) ?? '').split(/\r?\n/)) {
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof record?.agent !== 'string' || typeof record.directive !== 'string') continue;
    const effect = record.effect as { estimate?: unknown; ci?: unknown; unit?: unknown } | undefined;
    const side = (key: string) => (record[key] as { mean?: unknown } | undefined)?.mean;
    const [before, after] = [side('baseline'), side('in_trial')];
    const estimate =
      typeof effect?.estimate === 'number'
        ? effect.estimate
        : typeof before === 'number' && typeof after === 'number'
          ? Math.round((after - before) * 10_000) / 10_000
          : null;
    const ci = Array.isArray(effect?.ci) && effect.ci.length === 2 ? (effect.ci as [number, number]) : null;
    decided.set(`${record.agent}\n${record.directive}`, {
      decision: String(record.decision),
      trialStart: typeof record.trial_start === 'string' ? record.trial_start : '',
      effect: {
        estimate,
        ci,
        unit: typeof effect?.unit === 'string' ? effect.unit : 'gate score per session (mean difference)',
        from: String(record.decision),
      },
      spend: spendOf(record.spend_effect),
    });
  }
  return decided;
}
