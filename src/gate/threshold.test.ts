import { describe, expect, it } from 'vitest';
import { resolveThreshold } from './threshold.js';

describe('resolveThreshold', () => {
  it.each(['nan', 'NaN', ' -nan ', 'inf', '-inf', 'Infinity', '+infinity', '1e400', '-1e999', '1_0e500'])(
    'treats the non-finite %j as an invalid value: 5.0 and a warning, from the flag and the environment',
    (raw) => {
      const fromFlag = resolveThreshold(raw);
      expect(fromFlag.threshold).toBe(5);
      expect(fromFlag.warning).toContain(`invalid --threshold '${raw}'`);
      const fromEnv = resolveThreshold(undefined, raw);
      expect(fromEnv.threshold).toBe(5);
      expect(fromEnv.warning).toContain(`invalid RETRO_THRESHOLD '${raw}'`);
    },
  );

  it('refuses a non-finite number given by a library caller the same way', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(resolveThreshold(value)).toMatchObject({
        threshold: 5,
        warning: expect.stringMatching(/invalid/),
      });
    }
  });

  it('keeps every finite value Python reads, the large and the negative included', () => {
    expect(resolveThreshold('1e300')).toEqual({ threshold: 1e300 });
    expect(resolveThreshold('-2.5')).toEqual({ threshold: -2.5 });
    expect(resolveThreshold(undefined, ' 7_5e-1 ')).toEqual({ threshold: 7.5 });
    expect(resolveThreshold(6)).toEqual({ threshold: 6 });
  });
});
