import type { GateProfile } from '../../gate/profile.js';
import { rulesOf } from '../../gate/score.js';
import { SIGNAL_NAMES, type SignalName } from '../../gate/signals.js';
import { WORDING_SIGNALS } from './read.js';

/**
 * A stored verdict's score over the counted signals (S4 left out), from the per-signal counts the store
 * keeps beside it (capped, as the verdict's own score is). Undefined when those counts do not make up the
 * stored score (a row whose breakdown was never recorded): such a verdict cannot have S4 taken out, and the
 * review says it was counted rather than guessing.
 */
export function countedStoredScore(
  score: number,
  counts: Readonly<Record<SignalName, number>> | undefined,
  profile: GateProfile | undefined,
): number | undefined {
  if (counts === undefined) return undefined;
  const rules = rulesOf(profile);
  let total = 0;
  let wording = 0;
  for (const name of SIGNAL_NAMES) {
    const count = counts[name];
    if (!Number.isFinite(count) || count < 0) return undefined;
    total += rules[name].weight * count;
    if (WORDING_SIGNALS.includes(name)) wording += rules[name].weight * count;
  }
  if (Math.abs(total - score) > 0.005) return undefined;
  return Math.round((score - wording) * 100) / 100;
}
