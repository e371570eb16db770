import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_EFFECT } from '../../../experiment/min-effect.js';
import { parseBudget, parseDuration, parseMinEffect } from './options.js';

describe('experiment options', () => {
  it('reads a budget and refuses what it does not know, in one line', () => {
    expect(parseBudget(['runs=40,time=2h', 'usd=12.5', 'tokens=2000000'])).toEqual({
      runs: 40,
      timeMs: 7_200_000,
      usd: 12.5,
      tokens: 2_000_000,
    });
    expect(() => parseBudget(['hours=2'])).toThrow(
      "--budget: expected runs=N, time=DURATION, tokens=N, usd=AMOUNT, got 'hours=2'",
    );
    expect(() => parseBudget(['runs=2.5'])).toThrow("got 'runs=2.5'");
    expect(() => parseBudget(['time=soon'])).toThrow('--budget time: expected a duration');
  });

  it('reads durations as people write them', () => {
    expect(parseDuration('1h30m', '--time-limit')).toBe(5_400_000);
    expect(parseDuration('90s', '--time-limit')).toBe(90_000);
    expect(() => parseDuration('20 minutes', '--time-limit')).toThrow(
      "--time-limit: expected a duration such as 90s, 20m or 1h30m, got '20 minutes'",
    );
    expect(() => parseDuration('0m', '--time-limit')).toThrow('expected a duration above zero');
  });
});

describe('--min-effect', () => {
  it('reads the smallest effect worth claiming, keeps the default of a measure not named, and 0 for any effect', () => {
    expect(parseMinEffect([])).toEqual(DEFAULT_MIN_EFFECT);
    expect(parseMinEffect(['check=0.2'])).toEqual({ friction: DEFAULT_MIN_EFFECT.friction, check_pass: 0.2 });
    expect(parseMinEffect(['friction=10,check=0.05'])).toEqual({ friction: 10, check_pass: 0.05 });
    expect(parseMinEffect(['0'])).toEqual({ friction: 0, check_pass: 0 });
  });

  it('refuses a share of 1 or more, a negative size and an unknown measure, in one line', () => {
    expect(() => parseMinEffect(['check=15'])).toThrow(
      "--min-effect: expected friction=N (gate points per 100 turns), check=SHARE (0 to 1, 0.15 is 15 points), or 0, got 'check=15'",
    );
    expect(() => parseMinEffect(['friction=-1'])).toThrow("got 'friction=-1'");
    expect(() => parseMinEffect(['tokens=100'])).toThrow("got 'tokens=100'");
    expect(() => parseMinEffect(['check='])).toThrow("got 'check='");
  });
});
