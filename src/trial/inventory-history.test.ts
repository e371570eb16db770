import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { weeklySavings } from './effect/weekly-savings.js';
import { historyEffectsOf } from './inventory-history.js';

function historyOf(records: unknown[]): string {
  const root = tempDir('retrospect-inventory-history-');
  mkdirSync(join(root, '.claude', 'retro'), { recursive: true });
  writeFileSync(
    join(root, '.claude', 'retro', 'directive-history.jsonl'),
    `${records.map((r) => JSON.stringify(r)).join('\n')}\nnot json\n`,
  );
  return root;
}

const decision = (directive: string, extra: Record<string, unknown> = {}) => ({
  ts: '2026-07-20T08:00:00Z',
  agent: 'claude',
  directive,
  source: 's#m',
  trial_start: '2026-07-01',
  baseline: { mean: 6, n: 12, sessions: [] },
  in_trial: { mean: 1, n: 12, sessions: [] },
  decision: 'KEEP',
  decided_by: 'auto',
  ...extra,
});

describe("the directive history's decided rules", () => {
  it('keep the spend effect a decision recorded, and read it as a saving a week', () => {
    const root = historyOf([
      decision('with spend', {
        spend_effect: {
          friction_tokens: {
            estimate: -78_000,
            low: -103_200,
            high: -61_200,
            unit: 'friction tokens per session',
          },
          friction_cost_usd: { estimate: -0.468, low: -0.6192, high: -0.3672, unit: 'USD' },
          level: 0.9833,
        },
      }),
      decision('too few for an interval', {
        spend_effect: {
          friction_tokens: { estimate: -500, low: null, high: null },
          friction_cost_usd: null,
          level: 0.95,
        },
      }),
      decision('by hand'),
      decision('unreadable', { spend_effect: { friction_tokens: 'lots', friction_cost_usd: [], level: 1 } }),
    ]);
    const decided = historyEffectsOf(root);
    const spend = decided.get('claude\nwith spend')?.spend;
    expect(spend).toEqual({
      level: 0.9833,
      frictionTokens: { estimate: -78_000, low: -103_200, high: -61_200 },
      frictionCostUsd: { estimate: -0.468, low: -0.6192, high: -0.3672 },
    });
    expect(weeklySavings(spend, 2)).toEqual({
      frictionTokensPerWeek: { estimate: 156_000, low: 122_400, high: 206_400 },
      frictionCostUsdPerWeek: { estimate: 0.936, low: 0.7344, high: 1.2384 },
      level: 0.9833,
    });
    // An estimate without an interval is a saving without one; a missing measure is none, not zero.
    expect(weeklySavings(decided.get('claude\ntoo few for an interval')?.spend, 2)).toEqual({
      frictionTokensPerWeek: { estimate: 1_000, low: null, high: null },
      frictionCostUsdPerWeek: null,
      level: 0.95,
    });
    // A decision recorded by hand, or whose spend does not read, says nothing of its spend.
    expect(decided.get('claude\nby hand')?.spend).toBeUndefined();
    expect(decided.get('claude\nunreadable')?.spend).toBeUndefined();
    expect(decided.get('claude\nby hand')?.effect).toMatchObject({ estimate: -5, from: 'KEEP' });
  });
});
