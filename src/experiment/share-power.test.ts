import { describe, expect, it } from 'vitest';
import { shareDifference } from './proportion-interval.js';
import { calibratedShareLevel } from './share-calibration.js';
import { detectableShareChange } from './share-power.js';

/** P(claim beyond ±margin) for arms of n runs passing with p1 (with) and p2 (without), by plain enumeration. */
function chanceOfClaim(n: number, level: number, margin: number, p1: number, p2: number): number {
  const choose = (a: number, b: number) => {
    let c = 1;
    for (let i = 1; i <= b; i++) c = (c * (a - b + i)) / i;
    return c;
  };
  const pmf = (k: number, p: number) => choose(n, k) * p ** k * (1 - p) ** (n - k);
  let total = 0;
  for (let x = 0; x <= n; x++)
    for (let y = 0; y <= n; y++) {
      const found = shareDifference({ successes: x, n }, { successes: y, n }, level);
      if (found && (found.low > margin || found.high < -margin)) total += pmf(x, p1) * pmf(y, p2);
    }
  return total;
}

describe('the power note of a share is exact', () => {
  it('names the smallest change found four times in five, from the without arm share', () => {
    const { level } = calibratedShareLevel(24, 24, 0.025, 0.15);
    const found = detectableShareChange(24, 24, 0.5, level, 0.15);
    expect(found.change).not.toBeNull();
    const change = found.change as number;
    expect(change).toBeGreaterThan(0.15);
    expect(change).toBeLessThanOrEqual(0.5);
    // Found at least 80% of the time at that change, and less often one point below it.
    expect(chanceOfClaim(24, level, 0.15, 0.5 + change, 0.5)).toBeGreaterThanOrEqual(0.8);
    expect(chanceOfClaim(24, level, 0.15, 0.5 + change - 0.01, 0.5)).toBeLessThan(0.8);
    expect(found.power).toBeCloseTo(chanceOfClaim(24, level, 0.15, 0.5 + change, 0.5), 9);
  });

  it('says no change is found that often when the runs are too few for any', () => {
    // 10 runs an arm from a share of one half: even every check passing is found less than 80% of the time.
    const { level } = calibratedShareLevel(10, 10, 0.025, 0.15);
    expect(chanceOfClaim(10, level, 0.15, 1, 0.5)).toBeLessThan(0.8);
    expect(detectableShareChange(10, 10, 0.5, level, 0.15)).toEqual({ change: null, power: null });
  });
});
