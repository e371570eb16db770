import { describe, expect, it } from 'vitest';
import { bundledPriceTable } from '../cost/price-table.js';
import type { SessionUsage } from '../cost/session-usage.js';
import { zeroTokens } from '../cost/tokens.js';
import { loadProfile, ruleLoadCost, sessionLoad } from './load-cost.js';
import { estimateRuleTokens } from './rule-tokens.js';

/** Ten calls of Claude Sonnet 4.5 over a 100k prompt: the head written once, read nine times. */
function cachedSession(model = 'claude-sonnet-4-5', hour = 0): SessionUsage {
  return {
    version: 1,
    entries: [
      {
        model,
        band: 0,
        signal: null,
        calls: 10,
        tokens: { ...zeroTokens(), cache_write: 100_000, cache_write_1h: hour, cache_read: 900_000 },
      },
    ],
    firstAt: '2026-07-01T10:00:00Z',
  };
}

const prices = bundledPriceTable();

describe('what loading a rule costs', () => {
  it('prices a token in every call: the rewrites at the cache write rate, the other calls at the read rate', () => {
    // Sonnet 4.5: $3.75 a million for a five-minute cache write, $0.30 for a read.
    expect(sessionLoad(cachedSession(), prices)).toEqual({
      calls: 10,
      writes: 1,
      usdPerToken: expect.any(Number),
    });
    expect(sessionLoad(cachedSession(), prices)?.usdPerToken).toBeCloseTo((1 * 3.75 + 9 * 0.3) / 1e6, 12);
    // Written for an hour: $6 a million.
    expect(sessionLoad(cachedSession('claude-sonnet-4-5', 100_000), prices)?.usdPerToken).toBeCloseTo(
      (1 * 6 + 9 * 0.3) / 1e6,
      12,
    );
  });

  it('counts every call as a rewrite when nothing is cached, at the input price', () => {
    const usage: SessionUsage = {
      version: 1,
      entries: [
        {
          model: 'claude-sonnet-4-5',
          band: 0,
          signal: null,
          calls: 4,
          tokens: { ...zeroTokens(), input: 40_000 },
        },
      ],
      firstAt: null,
    };
    expect(sessionLoad(usage, prices)).toMatchObject({ calls: 4, writes: 4 });
    expect(sessionLoad(usage, prices)?.usdPerToken).toBeCloseTo((4 * 3) / 1e6, 12);
  });

  it('has no price for a model the table does not price, and no load without usage', () => {
    expect(sessionLoad(cachedSession('<synthetic>'), prices)?.usdPerToken).toBeNull();
    expect(sessionLoad({ version: 1, entries: null, firstAt: null }, prices)).toBeUndefined();
  });

  it('scales by the sessions of the four weeks before the day', () => {
    const day = (d: string) => Date.parse(`${d}T12:00:00Z`) / 1000;
    const sessions = [
      { mtime: day('2026-06-01'), usage: cachedSession() }, // before the four weeks
      { mtime: day('2026-06-22'), usage: cachedSession() },
      { mtime: day('2026-07-10'), usage: cachedSession() },
      { mtime: day('2026-07-19') }, // no usage recorded
      { mtime: day('2026-07-20'), usage: cachedSession() }, // the day itself: not yet whole
    ];
    const profile = loadProfile(sessions, '2026-07-20', prices);
    expect(profile).toMatchObject({ from: '2026-06-22', to: '2026-07-19', sessions: 3, withUsage: 2 });
    expect(profile.sessionsPerWeek).toBe(0.75);
    const cost = ruleLoadCost(26, profile);
    expect(cost).toMatchObject({
      tokens: 26,
      sessionsPerWeek: 0.75,
      tokensPerWeek: Math.round(26 * 10 * 0.75),
    });
    expect(cost.costUsdPerWeek).toBeCloseTo(26 * ((3.75 + 9 * 0.3) / 1e6) * 0.75, 7);
  });

  it('estimates a text at 3.3 characters a token, rounded up', () => {
    expect(
      estimateRuleTokens(
        '2. Ask before deleting tests, and say which tests and why they are no longer needed\n',
      ),
    ).toBe(26);
    expect(estimateRuleTokens('')).toBe(0);
  });
});
