import { describe, expect, it } from 'vitest';
import { bundledPriceTable } from '../../cost/price-table.js';
import type { SessionUsage } from '../../cost/session-usage.js';
import { zeroTokens } from '../../cost/tokens.js';
import type { SessionScore } from '../scores.js';
import { trialCostEffect } from './cost.js';
import { costEffectsJson } from './cost-json.js';
import { weeklySavings } from './weekly-savings.js';

const START = '2026-07-01';
const BEFORE = Date.parse('2026-06-20T12:00:00Z') / 1000;
const AFTER = Date.parse('2026-07-05T12:00:00Z') / 1000;

/** A stored session's usage: `total` cache-read tokens, `friction` of them marked by S2. */
function usage(model: string, total: number, friction: number): SessionUsage {
  const entry = (tokens: number, signal: 'S2' | null) => ({
    model,
    band: 0,
    signal,
    calls: 1,
    tokens: { ...zeroTokens(), cache_read: tokens },
  });
  return {
    version: 1,
    entries: [entry(total - friction, null), ...(friction > 0 ? [entry(friction, 'S2')] : [])],
    firstAt: '2026-06-20T12:00:00Z',
  };
}

/** A session the store keeps after its transcript is gone: a score, a size and its usage. */
function stored(id: string, mtime: number, model: string, total: number, friction: number): SessionScore {
  return {
    sessionId: id,
    score: friction > 0 ? 2 : 0,
    mtime,
    lines: 100,
    usage: usage(model, total, friction),
  };
}

const level = 0.95;

describe('trialCostEffect', () => {
  it("measures friction spend from the store's usage when the transcripts are gone", () => {
    const sessions = [
      ...[10_000, 20_000, 30_000, 40_000, 50_000, 60_000].map((f, i) =>
        stored(`b${i}`, BEFORE + i, 'claude-sonnet-4-5', 200_000, f),
      ),
      ...[0, 0, 1_000, 2_000, 0, 3_000].map((f, i) =>
        stored(`d${i}`, AFTER + i, 'claude-sonnet-4-5', 150_000, f),
      ),
    ];
    const cost = trialCostEffect(START, sessions, new Map(), bundledPriceTable(), level);
    expect(cost.baseline).toMatchObject({
      sessions: 6,
      withUsage: 6,
      tokens: 1_200_000,
      frictionTokens: 210_000,
    });
    expect(cost.during).toMatchObject({ sessions: 6, withUsage: 6, tokens: 900_000, frictionTokens: 6_000 });
    // Sonnet 4.5 reads its cache at $0.30 a million tokens.
    expect(cost.baseline.costUsd).toBeCloseTo(0.36, 8);
    expect(cost.baseline.frictionCostUsd).toBeCloseTo(0.063, 8);
    expect(cost.frictionTokens.ok).toBe(true);
    if (!cost.frictionTokens.ok || !cost.frictionCostUsd.ok) return;
    // Every in-trial session spent less on friction than every baseline one: the interval lies below zero.
    expect(cost.frictionTokens.high).toBeLessThan(0);
    expect(cost.frictionTokens.estimate).toBe(-33_500);
    expect(cost.frictionCostUsd.estimate).toBeCloseTo(-33_500 * 0.3e-6, 10);
  });

  it('keeps the tokens and leaves out the money of sessions whose model has no price', () => {
    const sessions = [
      ...[1, 2, 3, 4, 5].map((i) => stored(`b${i}`, BEFORE + i, '<synthetic>', 1_000, 500)),
      ...[1, 2, 3, 4, 5].map((i) => stored(`d${i}`, AFTER + i, '<synthetic>', 1_000, 100)),
    ];
    const cost = trialCostEffect(START, sessions, new Map(), bundledPriceTable(), level);
    expect(cost.baseline).toMatchObject({ withUsage: 5, unpriced: 5, costUsd: null, frictionCostUsd: null });
    const json = costEffectsJson(cost);
    expect(json?.friction_tokens).toMatchObject({ estimate: -400, sessions: { baseline: 5, during: 5 } });
    expect(json?.friction_cost_usd).toBeNull();
    expect(json?.reason).toBe(
      'no compared session records its usage call by call with models the price table prices',
    );
  });

  it('has an estimate but no interval for too few sessions, and says why', () => {
    const sessions = [
      stored('b1', BEFORE, 'claude-sonnet-4-5', 1_000, 500),
      stored('b2', BEFORE + 1, 'claude-sonnet-4-5', 1_000, 300),
      stored('d1', AFTER, 'claude-sonnet-4-5', 1_000, 100),
    ];
    const json = costEffectsJson(trialCostEffect(START, sessions, new Map(), bundledPriceTable(), level));
    expect(json?.friction_tokens).toMatchObject({
      estimate: -300,
      low: null,
      high: null,
      reason: '2 baseline and 1 in-trial sessions are too few for a 95% interval',
    });
  });

  it('treats a session without usage as unknown, not as zero spend', () => {
    const none: SessionUsage = { version: 1, entries: null, firstAt: null };
    const sessions = [
      { ...stored('b1', BEFORE, 'claude-sonnet-4-5', 1_000, 500), usage: none },
      stored('d1', AFTER, 'claude-sonnet-4-5', 1_000, 100),
    ];
    const cost = trialCostEffect(START, sessions, new Map(), bundledPriceTable(), level);
    expect(cost.baseline).toMatchObject({ sessions: 1, withUsage: 0, tokens: 0, costUsd: null });
    expect(costEffectsJson(cost)?.reason).toBe(
      'no baseline session of comparable size records its token usage call by call',
    );
  });
});

describe('weeklySavings', () => {
  const shift = (estimate: number, low: number, high: number) => ({
    ok: true as const,
    estimate,
    low,
    high,
    achievedLevel: 0.96,
    distribution: 'exact' as const,
    n: { baseline: 6, during: 6 },
  });
  const effect = (tokens: ReturnType<typeof shift>, usd: ReturnType<typeof shift>) => ({
    level: 0.95,
    frictionTokens: tokens,
    frictionCostUsd: usd,
    baseline: {
      sessions: 6,
      withUsage: 6,
      tokens: 0,
      costUsd: 0,
      unpriced: 0,
      frictionTokens: 0,
      frictionCostUsd: 0,
    },
    during: {
      sessions: 6,
      withUsage: 6,
      tokens: 0,
      costUsd: 0,
      unpriced: 0,
      frictionTokens: 0,
      frictionCostUsd: 0,
    },
    prices: [],
  });

  it('turns a fall in friction spend per session into savings a week, the interval turned round', () => {
    const saved = weeklySavings(effect(shift(-1_000, -1_500, -200), shift(-0.01, -0.02, -0.002)), 5);
    expect(saved?.frictionTokensPerWeek).toEqual({ estimate: 5_000, low: 1_000, high: 7_500 });
    expect(saved?.frictionCostUsdPerWeek).toEqual({ estimate: 0.05, low: 0.01, high: 0.1 });
  });

  it('gives a negative saving when friction spend rose, and none without a measured spend', () => {
    expect(
      weeklySavings(effect(shift(400, 100, 900), shift(0.004, 0.001, 0.009)), 2)?.frictionTokensPerWeek,
    ).toEqual({
      estimate: -800,
      low: -1_800,
      high: -200,
    });
    expect(weeklySavings(undefined, 2)).toBeUndefined();
    expect(weeklySavings(effect(shift(400, 100, 900), shift(0.004, 0.001, 0.009)), 0)).toBeUndefined();
  });
});
