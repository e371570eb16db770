import { describe, expect, it } from 'vitest';
import { mannWhitneyCdf, normalQuantile, shiftInterval } from './rank-interval.js';

describe('mannWhitneyCdf', () => {
  it('matches the exact null distribution for small samples', () => {
    // n = m = 2: U takes 0,1,2,2,3,4 over the 6 arrangements.
    const cdf = Array.from(mannWhitneyCdf(2, 2));
    expect(cdf.map((p) => Math.round(p * 6))).toEqual([1, 2, 4, 5, 6]);
  });

  it('gives the tabulated two-sided 5% critical values', () => {
    // Largest u with P(U ≤ u) ≤ 0.025 (standard Mann–Whitney tables).
    const critical = (n: number, m: number) => {
      const cdf = mannWhitneyCdf(n, m);
      let u = -1;
      while ((cdf[u + 1] as number) <= 0.025) u++;
      return u;
    };
    expect(critical(5, 5)).toBe(2);
    expect(critical(8, 8)).toBe(13);
    expect(critical(10, 10)).toBe(23);
    expect(critical(12, 12)).toBe(37);
    expect(critical(6, 9)).toBe(10);
  });
});

describe('normalQuantile', () => {
  it('knows the usual critical values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829, 5);
  });
});

describe('shiftInterval', () => {
  it('estimates the shift and brackets it', () => {
    const baseline = [10, 12, 9, 11, 13, 10, 12, 11, 9, 14, 10, 12];
    const during = baseline.map((x) => x - 5);
    const r = shiftInterval(baseline, during);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.estimate).toBe(-5);
    expect(r.low).toBeLessThan(-5);
    expect(r.high).toBeGreaterThan(-5);
    expect(r.high).toBeLessThan(0);
    expect(r.achievedLevel).toBeGreaterThanOrEqual(0.95);
    expect(r.distribution).toBe('exact');
  });

  it('puts the interval across zero when both sides are alike', () => {
    const r = shiftInterval([3, 0, 6, 1, 4, 2, 0, 5], [2, 5, 0, 3, 6, 1, 4, 0]);
    expect(r.ok && r.low < 0 && r.high > 0).toBe(true);
  });

  it('gives no interval for samples too small to reach the level', () => {
    expect(shiftInterval([1, 2, 3], [4, 5, 6])).toEqual({
      ok: false,
      reason: 'too-few-sessions',
      estimate: 3,
    });
    expect(shiftInterval([1, 2, 3, 4], [5, 6, 7, 8]).ok).toBe(true);
    expect(shiftInterval([], [1]).ok).toBe(false);
  });

  it('uses the normal approximation for large samples, close to the exact answer', () => {
    const a = Array.from({ length: 60 }, (_, i) => (i * 7) % 13);
    const b = Array.from({ length: 60 }, (_, i) => ((i * 5) % 11) + 1);
    const big = shiftInterval(a, b);
    expect(big.ok && big.distribution).toBe('normal');
    const small = shiftInterval(a.slice(0, 50), b.slice(0, 50));
    expect(small.ok && small.distribution).toBe('exact');
    if (big.ok) expect(big.achievedLevel).toBeGreaterThan(0.94);
  });
});
