import { describe, expect, it } from 'vitest';
import { measureEffects } from './effects.js';
import type { Arm } from './plan.js';
import { shareDifference } from './proportion-interval.js';
import type { RunRecord } from './state.js';

/** A finished run as the state file keeps it: its check and its friction per 100 turns. */
function run(arm: Arm, index: number, passed: boolean, friction: number): RunRecord {
  return {
    id: `task.${arm}.${index}`,
    taskId: 'task',
    arm,
    replicate: index,
    status: 'finished',
    startedAt: '2026-12-01T00:00:00.000Z',
    wallMs: 1000,
    exitCode: 0,
    transcript: null,
    stream: `runs/task.${arm}.${index}.stream.jsonl`,
    check: { passed, exitCode: passed ? 0 : 1, timedOut: false, ms: 10, output: '' },
    tokens: 1000,
    usd: null,
    agentTurns: 5,
    measures: {
      turns: 10,
      hits: { S1: 0, S2: friction > 0 ? 1 : 0, S3: 0, S4: 0, S5: 0 },
      friction,
      phrasing: 0,
    },
    error: null,
    keptCheckout: null,
  };
}

/** `passed` of `n` runs of an arm pass their check; the first `rough` have 20 points of friction per 100 turns. */
function arm(name: Arm, n: number, passed: number, rough = 0): RunRecord[] {
  return Array.from({ length: n }, (_, i) => run(name, i + 1, i < passed, i < rough ? 20 : 0));
}

describe('the family the error is shared in', () => {
  it('judges friction at the whole error when the tasks name no check, at half when they do', () => {
    // 24 runs an arm: 16 rough runs without the rule, none with it (97.5% needs 17).
    const uncheckedRuns = [...arm('with', 24, 0, 0), ...arm('without', 24, 0, 16)].map((r) => ({
      ...r,
      check: null,
    }));
    const unchecked = measureEffects(uncheckedRuns, 0.95);
    expect(unchecked.check_pass).toMatchObject({ shown: false, n: { with: 0, without: 0 } });
    expect(unchecked.friction).toMatchObject({ shown: true, verdict: 'better', level: 0.95 });
    // The same friction beside a check that passes half the time in both arms: Holm's first step
    // judges each at 97.5%, where 16 rough runs of 24 are too few, and nothing is claimed.
    const checked = measureEffects([...arm('with', 24, 12, 0), ...arm('without', 24, 12, 16)], 0.95);
    expect(checked.friction).toMatchObject({ shown: false, level: 0.975 });
    expect(checked.check_pass.shown).toBe(false);
  });
});

describe('the decision against the smallest effect worth claiming', () => {
  it('finds a rule that makes every check pass where half did, beyond 15 points of the share', () => {
    const effects = measureEffects([...arm('with', 24, 24), ...arm('without', 24, 12, 17)], 0.95);
    expect(effects.check_pass).toMatchObject({ shown: true, verdict: 'better', min_effect: 0.15 });
    expect(effects.check_pass.low ?? 0).toBeGreaterThan(0.15);
    // Less friction is better: the rank interval lies below −5 points per 100 turns.
    expect(effects.friction).toMatchObject({ shown: true, verdict: 'better', min_effect: 5 });
    expect(effects.friction.high ?? 0).toBeLessThan(-5);
  });

  it('does not claim a split of one pass share that only clears zero, and says what it rules out', () => {
    // 17 of 24 against 7 of 24: an interval that leaves zero out but not 15 points.
    const runs = [...arm('with', 24, 17), ...arm('without', 24, 7)];
    const claimedAtZero = measureEffects(runs, 0.95, { friction: 0, check_pass: 0 });
    expect(claimedAtZero.check_pass.shown).toBe(true);
    const effects = measureEffects(runs, 0.95);
    expect(effects.check_pass.low ?? 0).toBeGreaterThan(0);
    expect(effects.check_pass.low ?? 1).toBeLessThan(0.15);
    expect(effects.check_pass).toMatchObject({ shown: false, verdict: 'undecided' });
    // The claim's level is calibrated below 97.5% (its exact error at 15 points allows it); what the runs
    // rule out is read at the nominal 97.5% all the same, a wider interval than the claim's.
    expect(effects.check_pass.level).toBeLessThan(0.975);
    const nominal = shareDifference({ successes: 17, n: 24 }, { successes: 7, n: 24 }, 0.975);
    expect(effects.check_pass.rules_out_beyond).toBeCloseTo(
      Math.max(Math.abs(nominal?.low ?? 0), Math.abs(nominal?.high ?? 0)),
      3,
    );
    expect(effects.check_pass.rules_out_beyond ?? 0).toBeGreaterThan(effects.check_pass.high ?? 1);
    // When the rule does nothing, a claim beyond 15 points is far rarer than one beyond zero.
    expect(effects.check_pass.false_positive_rate ?? 1).toBeLessThan(
      claimedAtZero.check_pass.false_positive_rate ?? 0,
    );
    expect(effects.check_pass.error_at_min_effect ?? 1).toBeLessThanOrEqual(0.025);
  });

  it('shows "no effect of at least" the smallest effect when the interval lies within it', () => {
    // 150 runs an arm, 75 against 76 passed, no friction in either arm.
    const effects = measureEffects([...arm('with', 150, 75), ...arm('without', 150, 76)], 0.95);
    expect(effects.check_pass).toMatchObject({ shown: false, verdict: 'no-effect' });
    expect(effects.check_pass.rules_out_beyond ?? 1).toBeLessThan(0.15);
    expect(effects.friction).toMatchObject({ shown: false, verdict: 'no-effect', rules_out_beyond: 0 });
    // Reported outcomes carry no verdict.
    expect(effects.tokens).toMatchObject({ shown: null, verdict: null, min_effect: null });
  });

  it('claims a harm as plainly as a help', () => {
    const effects = measureEffects([...arm('with', 24, 4, 20), ...arm('without', 24, 24)], 0.95);
    expect(effects.check_pass).toMatchObject({ shown: true, verdict: 'worse' });
    expect(effects.friction).toMatchObject({ shown: true, verdict: 'worse' });
  });
});
