import { SIGNAL_NAMES } from '../gate/signals.js';
import type { SessionRecord } from '../store/types.js';
import type { SignalCounts } from './types.js';

/** Every signal at zero. */
export function noSignals(): SignalCounts {
  return Object.fromEntries(SIGNAL_NAMES.map((name) => [name, 0])) as SignalCounts;
}

/** Adds a transcript's signal counts to `totals` (in place) and returns it. */
export function addSignals(totals: SignalCounts, record: SessionRecord): SignalCounts {
  for (const name of SIGNAL_NAMES) totals[name] += record.signalCounts[name];
  return totals;
}

/** A main session, as opposed to a sub-agent transcript attributed to one. */
export function isMainSession(record: SessionRecord): boolean {
  return record.parentSessionId === undefined;
}

/** Mean of the scores, rounded to 2 decimals (the precision a chart can show); 0 for none. */
export function meanScore(records: readonly SessionRecord[]): number {
  if (records.length === 0) return 0;
  const sum = records.reduce((total, r) => total + r.verdict.score, 0);
  return Math.round((sum / records.length) * 100) / 100;
}
