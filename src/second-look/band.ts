import type { GateVerdict } from '../gate/score.js';

/**
 * The scores near the threshold where the gate's verdict is close to a coin toss, so a second reader is
 * asked. Fixed on the calibrated profile (version 10) over all twelve labelled splits (docs/gate.md, "Second
 * look"): from 2.5 under the threshold, where 48% of the decided sessions are rough, up to 1.0 over it
 * (scores 5.0 and 5.5: 64% rough). Below the band 12% are rough, from 6.0 up 92%: there the verdict stands.
 */
export interface SecondLookBand {
  /** How far under the threshold the band begins (inclusive). */
  below: number;
  /** How far over the threshold the band ends (exclusive). */
  above: number;
}

export const DEFAULT_BAND: SecondLookBand = { below: 2.5, above: 1.0 };

/** Whether a verdict's score lies in the band around its threshold (an error verdict never does). */
export function inBand(verdict: GateVerdict, band: SecondLookBand = DEFAULT_BAND): boolean {
  if (verdict.error !== undefined) return false;
  const offset = verdict.score - verdict.threshold;
  return offset >= -band.below && offset < band.above;
}
