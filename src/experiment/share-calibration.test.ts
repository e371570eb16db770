import { describe, expect, it } from 'vitest';
import { shareDifference } from './proportion-interval.js';
import {
  calibratedShareLevel,
  newcombeExcludesZero,
  newcombeFalsePositiveRate,
} from './share-calibration.js';

/** Binomial coefficient by the product formula (no shared code with the module's sums). */
function choose(a: number, b: number): number {
  let c = 1;
  for (let i = 1; i <= b; i++) c = (c * (a - b + i)) / i;
  return c;
}

/**
 * P(the interval lies beyond ±margin) when the arms of n and m runs pass with p1 and p2, by plain
 * enumeration; margin 0 is a claim that the change is not zero.
 */
function chanceOfClaim(n: number, m: number, level: number, margin: number, p1: number, p2: number): number {
  let total = 0;
  for (let x = 0; x <= n; x++)
    for (let y = 0; y <= m; y++) {
      const found = shareDifference({ successes: x, n }, { successes: y, n: m }, level);
      if (found && (found.low > margin || found.high < -margin))
        total += choose(n, x) * p1 ** x * (1 - p1) ** (n - x) * choose(m, y) * p2 ** y * (1 - p2) ** (m - y);
    }
  return total;
}

/** P(claim) when both arms pass with share p. */
function sizeAt(n: number, m: number, level: number, p: number): number {
  return chanceOfClaim(n, m, level, 0, p, p);
}

describe('the check-pass claim keeps its false-positive rate exactly', () => {
  it("finds Newcombe's interval at 97.5% anti-conservative with 10 runs an arm", () => {
    // Two arms of one half: the interval excludes zero in 4.1% of experiments, not 2.5%.
    const atHalf = sizeAt(10, 10, 0.975, 0.5);
    expect(atHalf).toBeCloseTo(0.0414, 3);
    expect(newcombeFalsePositiveRate(10, 10, 0.975)).toBeGreaterThanOrEqual(atHalf - 1e-12);
  });

  it.each([
    [10, 10],
    [16, 16],
    [24, 24],
    [9, 12],
  ])('lowers the level for %i against %i runs until no common share gives more than 2.5%%', (n, m) => {
    const { level, falsePositiveRate } = calibratedShareLevel(n, m, 0.025);
    expect(level).toBeGreaterThanOrEqual(0.975);
    expect(falsePositiveRate).toBeLessThanOrEqual(0.025);
    let largest = 0;
    for (let i = 1; i < 100; i++) largest = Math.max(largest, sizeAt(n, m, level, i / 100));
    expect(largest).toBeLessThanOrEqual(0.025 + 1e-12);
    expect(largest).toBeLessThanOrEqual(falsePositiveRate + 1e-9);
  });

  it('keeps the nominal level where Newcombe already holds it, and still finds a plain difference', () => {
    expect(calibratedShareLevel(5, 5, 0.025).level).toBe(0.975);
    const { level } = calibratedShareLevel(10, 10, 0.025);
    expect(newcombeExcludesZero(10, 10, 4, 10, level)).toBe(true);
    expect(newcombeExcludesZero(6, 10, 4, 10, level)).toBe(false);
  });
});

describe('a claim beyond the smallest effect keeps its error at the smallest effect', () => {
  /** P(claim beyond ±margin) when the arms of n runs each pass with p1 and p2. */
  function sizeBeyond(n: number, level: number, margin: number, p1: number, p2: number): number {
    return chanceOfClaim(n, n, level, margin, p1, p2);
  }

  it.each([10, 16, 24])(
    'at %i runs an arm and 15 points: at most 2.5%% when the true change is 15 points',
    (n) => {
      const { level, falsePositiveRate, errorAtMargin } = calibratedShareLevel(n, n, 0.025, 0.15);
      expect(errorAtMargin).toBeLessThanOrEqual(0.025);
      let atMargin = 0;
      let atZero = 0;
      for (let i = 1; i < 85; i++) {
        const p = i / 100;
        atMargin = Math.max(
          atMargin,
          sizeBeyond(n, level, 0.15, p + 0.15, p),
          sizeBeyond(n, level, 0.15, p, p + 0.15),
        );
        atZero = Math.max(atZero, sizeBeyond(n, level, 0.15, p, p));
      }
      expect(atMargin).toBeLessThanOrEqual(0.025 + 1e-12);
      expect(atMargin).toBeLessThanOrEqual(errorAtMargin + 1e-9);
      // When the rule does nothing, the claim is rare: within a fifth of the 2.5% a claim beyond zero may use.
      expect(atZero).toBeLessThanOrEqual(falsePositiveRate + 1e-9);
      expect(falsePositiveRate).toBeLessThanOrEqual(0.005);
    },
  );

  it.each([10, 24, 40])(
    'at %i runs an arm gives back the power Newcombe at 97.5%% leaves unused at 15 points, and no more',
    (n) => {
      // At 97.5% the claim's exact error at 15 points is about 1%, not the 2.5% the step allows.
      const nominalRegionError = (level: number) => {
        let worst = 0;
        for (let i = 1; i < 85; i++) {
          const p = i / 100;
          worst = Math.max(
            worst,
            sizeBeyond(n, level, 0.15, p + 0.15, p),
            sizeBeyond(n, level, 0.15, p, p + 0.15),
          );
        }
        return worst;
      };
      expect(nominalRegionError(0.975)).toBeLessThan(0.015);
      const { level, errorAtMargin, falsePositiveRate } = calibratedShareLevel(n, n, 0.025, 0.15);
      expect(level).toBeLessThan(0.975);
      expect(errorAtMargin).toBeLessThanOrEqual(0.025);
      expect(falsePositiveRate).toBeLessThanOrEqual(0.005);
      // Every rule-helps outcome the nominal level claims is claimed still, and some more.
      let gained = 0;
      for (let y = 0; y <= n; y++) {
        const nominal = shareDifference({ successes: n, n }, { successes: y, n }, 0.975);
        const calibrated = shareDifference({ successes: n, n }, { successes: y, n }, level);
        if ((nominal?.low ?? 0) > 0.15) expect(calibrated?.low ?? 0).toBeGreaterThan(0.15);
        else if ((calibrated?.low ?? 0) > 0.15) gained++;
      }
      expect(gained).toBeGreaterThan(0);
    },
  );
});
