import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { LESSONS_PATH, TRIAL_LESSON, trialProject } from '../../test-support/trial-project.js';

/** The review of a generated project through the built CLI, as a user runs it in the project. */
async function review(p: ReturnType<typeof trialProject>, ...extra: string[]) {
  const run = await runCli(['trial', 'review', '--json', '--today', '2026-07-20', ...extra], {
    cwd: p.root,
    env: p.env,
  });
  expect(run.code, run.stderr).toBe(0);
  const [trial, ...rest] = JSON.parse(run.stdout);
  expect(rest).toEqual([]);
  return trial;
}

const seedRow = async (p: ReturnType<typeof trialProject>) =>
  (await runCli(['trial', 'review', '--rule', 'seed', '--today', '2026-07-20'], { cwd: p.root, env: p.env }))
    .stdout;

describe('trial review by effect (12 generated sessions a side)', () => {
  it('KEEPs a rule after which friction vanished, with an interval below zero', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    const trial = await review(p);
    expect(trial).toMatchObject({
      agent: 'claude',
      directive: 'Read the error output before running a failing command again',
      decision: 'KEEP',
      baseline: { sessions: 12 },
      during: { sessions: 12 },
      effect: { method: expect.stringContaining('hodges-lehmann'), unit: 'gate points per 100 turns' },
    });
    const [low, high] = trial.effect.ci;
    expect(low).toBeLessThanOrEqual(trial.effect.estimate);
    expect(high).toBeLessThan(0);
    expect(trial.during.friction).toBeLessThan(trial.baseline.friction);
    expect(trial.reason).toMatch(/interval .* lies below zero/);
  });

  it('neither keeps nor reverts when both sides come from one distribution: the interval spans zero', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.03 }, { turns: [60, 140], friction: 0.03 });
    const trial = await review(p);
    expect(trial.decision).toBe('DEFER');
    const [low, high] = trial.effect.ci;
    expect(low).toBeLessThan(0);
    expect(high).toBeGreaterThan(0);
    // The seed's rule decides on this noise all the same; it stays available, its row as it was.
    expect(await seedRow(p)).toMatch(/^(KEEP|REVERT)\tclaude\t- Read the error output/);
  });

  it('claims no effect when only the sessions got shorter, where the seed rule would KEEP', async () => {
    const p = trialProject({ turns: [150, 250], friction: 0.03 }, { turns: [30, 60], friction: 0.03 });
    const trial = await review(p);
    expect(trial.decision).toBe('DEFER');
    // No session of one side is within twice or half the size of any of the other's: no interval.
    expect(trial.effect.ci).toBeNull();
    expect(trial.baseline).toMatchObject({ sessions: 12, compared: 0 });
    expect(trial.reason).toMatch(/share no sizes, so there is nothing to compare; the trial runs on/);
    const row = (await seedRow(p)).split('\t');
    expect(row[0]).toBe('KEEP');
    expect(Number(row[7])).toBeLessThan(Number(row[5]) / 2);
  });

  it('claims no effect when the sessions got shorter or longer with sizes overlapping', async () => {
    for (const [before, after] of [
      [
        [80, 200],
        [40, 120],
      ],
      [
        [40, 120],
        [80, 200],
      ],
    ] as [number, number][][]) {
      const p = trialProject({ turns: before!, friction: 0.03 }, { turns: after!, friction: 0.03 });
      const trial = await review(p);
      expect(trial.decision).toBe('DEFER');
      expect(trial.effect.ci[0]).toBeLessThan(0);
      expect(trial.effect.ci[1]).toBeGreaterThan(0);
    }
  });

  it('claims no effect when only the sessions got longer', async () => {
    const p = trialProject(
      { turns: [30, 60], friction: 0.03 },
      { turns: [150, 250], friction: 0.03 },
      { seed: 300 },
    );
    const trial = await review(p);
    expect(trial.decision).toBe('DEFER');
    expect(trial.effect.ci).toBeNull();
  });

  it('makes an undecided trial INCONCLUSIVE at its cap, and prints that as a decision row', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.03 }, { turns: [60, 140], friction: 0.03 });
    const trial = await review(p, '--cap-windows', '1');
    expect(trial).toMatchObject({ decision: 'INCONCLUSIVE', defer_reason: 'interval-spans-zero' });
    expect(trial.reason).toMatch(/still costs context/);
    const tsv = await runCli(['trial', 'review', '--cap-windows', '1', '--today', '2026-07-20'], {
      cwd: p.root,
      env: p.env,
    });
    expect(tsv.stdout.split('\t')).toHaveLength(12);
    expect(tsv.stdout).toMatch(/^INCONCLUSIVE\tclaude\t- Read the error output/);
    expect(p.read(LESSONS_PATH)).toContain(TRIAL_LESSON);
  });

  it('defers undecided trials on stderr with the estimate and the interval', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.03 }, { turns: [60, 140], friction: 0.03 });
    const run = await runCli(['trial', 'review', '--today', '2026-07-20'], { cwd: p.root, env: p.env });
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^# trial-review: defer agent=claude reason=interval-spans-zero baseline_n=12 in_trial_n=12 estimate=-?[\d.]+ ci=-[\d.]+,[\d.]+ windows=1\.2\/3 directive=- Read the error output/,
    );
  });

  it('lists the violations of a mechanical rule and proposes its guard', async () => {
    const p = trialProject(
      { turns: [60, 100], friction: 0.05 },
      { turns: [60, 100], friction: 0.05, rerunFailed: 1 },
      { count: 8 },
    );
    const trial = await review(p);
    expect(trial.pattern).toMatchObject({ mechanism: 'repeated-failing-command' });
    expect(trial.pattern.during).toBeGreaterThan(trial.pattern.baseline);
    expect(trial.violations.length).toBe(trial.pattern.during);
    expect(trial.violations[0]).toMatchObject({ excerpt: expect.any(String), by: 'transcript' });
    expect(trial.escalation).toMatchObject({
      kind: 'repeated-failing-command',
      event: 'PreToolUse',
      matcher: 'Bash',
      install: 'retrospect init --guard repeated-failing-command',
    });
  });
});
