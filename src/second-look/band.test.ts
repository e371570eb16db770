import { describe, expect, it } from 'vitest';
import type { GateVerdict } from '../gate/score.js';
import { DEFAULT_BAND, inBand } from './band.js';

const verdict = (score: number, threshold = 5): GateVerdict => ({
  score,
  threshold,
  passed: score >= threshold,
  signals: [],
});

describe('the second look band', () => {
  it('holds scores from 3.0 under the threshold up to (not including) 1.0 over it', () => {
    expect([1.5, 2, 2.5, 3, 4.5, 5, 5.5, 6, 9].map((s) => inBand(verdict(s)))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('moves with the threshold', () => {
    expect(inBand(verdict(5, 7.5))).toBe(true);
    expect(inBand(verdict(4, 7.5))).toBe(false);
    expect(inBand(verdict(3, 5), { below: 1, above: 1 })).toBe(false);
    expect(DEFAULT_BAND).toEqual({ below: 3, above: 1 });
  });

  it('never holds an error verdict', () => {
    expect(inBand({ ...verdict(3), error: 'no such file' })).toBe(false);
  });
});
