import { readTextIfExists } from '../fsx/index.js';
import { directiveHistoryPath } from './history.js';
import type { RuleEffect } from './inventory.js';

/** The latest recorded decision per rule (`agent\ntext`), with the effect it was decided on. */
export interface DecidedRule {
  decision: string;
  trialStart: string;
  effect: RuleEffect;
}

/**
 * Reads the directive history for the rules that stayed (a KEEP): an effect-rule decision keeps its
 * interval, a seed decision the difference of its means. Lines that do not read are skipped.
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
    });
  }
  return decided;
}
