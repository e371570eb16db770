import { describe, expect, it } from 'vitest';
import { parseBudget, parseDuration } from './options.js';

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
