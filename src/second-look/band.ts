import type { GateVerdict } from '../gate/score.js';

/**
 * The scores near the threshold where the gate's verdict is close to a coin toss, so a second reader is
 * asked. Fixed on the calibrated profile over the labelled splits (docs/gate.md, "Second look"): from 3.0
 * under the threshold up to 1.0 over it (scores 5.0 and 5.5: 64% rough); from 6.0 up 92% are rough and the
 * verdict stands. Score 2.0 (one sign) joined the band (version 12, all 14 splits) together with the cues
 * read under it (entry.ts): it holds 8 of the 66 rough sessions the gate misses, 4 of 22 decided rough alone.
 */
export interface SecondLookBand {
  /** How far under the threshold the band begins (inclusive). */
  below: number;
  /** How far over the threshold the band ends (exclusive). */
  above: number;
}

export const DEFAULT_BAND: SecondLookBand = { below: 3.0, above: 1.0 };

/** Whether a verdict's score lies in the band around its threshold (an error verdict never does). */
export function inBand(verdict: GateVerdict, band: SecondLookBand = DEFAULT_BAND): boolean {
  if (verdict.error !== undefined) return false;
  const offset = verdict.score - verdict.threshold;
  return offset >= -band.below && offset < band.above;
}
