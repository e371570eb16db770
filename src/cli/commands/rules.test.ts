import { describe, expect, it } from 'vitest';
import { autoDecider } from '../../retro/decide.js';
import { runRetro } from '../../retro/pipeline.js';
import { runCli } from '../../test-support/cli.js';
import { trialProject } from '../../test-support/trial-project.js';

const DIRECTIVES = [
  '# ic5',
  '',
  '1. Keep commits small',
  '2. Ask before deleting tests, and say which tests and why they are no longer needed',
  '3. Name branches after the issue',
  '',
].join('\n');

describe('retrospect rules', () => {
  it('lists every rule with its cost, age, state and effect, and proposes the weakest above the budget', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    p.writeRules('.claude/memory/ic5/directives.md', DIRECTIVES);
    p.writeRules(
      '.claude/retro/directive-history.jsonl',
      `${JSON.stringify({ ts: '2026-06-01T10:00:00Z', agent: 'ic5', directive: 'Keep commits small', source: 's#m', trial_start: '2026-05-01', baseline: { mean: 6, n: 9, sessions: [] }, in_trial: { mean: 2, n: 10, sessions: [] }, decision: 'KEEP', decided_by: 'user' })}\n`,
    );
    const run = await runCli(['rules', '--json', '--budget', '42', '--today', '2026-07-20'], {
      cwd: p.root,
      env: p.env,
    });
    expect(run.code, run.stderr).toBe(0);
    const { budget, agents } = JSON.parse(run.stdout);
    expect(budget).toBe(42);
    expect(agents.map((a: { agent: string }) => a.agent)).toEqual(['ic5', 'claude']);
    const [ic5, claude] = agents;
    expect(ic5.rules.map((r: { label: string; tokens: number }) => r.label)).toEqual([
      'ic5 #1',
      'ic5 #2',
      'ic5 #3',
    ]);
    expect(ic5.rules[0]).toMatchObject({
      state: 'permanent',
      ageDays: 80,
      effect: { estimate: -4, from: 'KEEP' },
    });
    // ≈ characters / 3.3 (the line and its newline: 84 characters), the estimate docs/cost.md measures.
    expect(ic5.rules[1]).toMatchObject({ tokens: 26, effect: null, ageDays: null });
    expect(ic5.tokens).toBe(ic5.rules.reduce((sum: number, r: { tokens: number }) => sum + r.tokens, 0));
    // Over 42 tokens: the rules without a measured effect go first, the biggest first; the kept rule stays.
    expect(ic5.removals.map((r: { label: string }) => r.label)).toEqual(['ic5 #2']);
    expect(claude.rules).toHaveLength(1);
    expect(claude.rules[0]).toMatchObject({ state: 'due: KEEP', ageDays: 19, effect: { from: 'trial' } });
    expect(claude.rules[0].effect.ci[1]).toBeLessThan(0);
    expect(claude.removals).toEqual([]);

    // What the lesson costs to load: its ≈41 tokens in every call of the 19 sessions of the four weeks
    // before the day (4.75 a week). The generated sessions cache nothing, so every call pays Sonnet 4.5's
    // input price for it, $3 a million.
    const { load } = JSON.parse(run.stdout);
    expect(load).toMatchObject({ from: '2026-06-22', to: '2026-07-19', sessions: 19, withUsage: 19 });
    const lesson = claude.rules[0];
    expect(lesson.load).toMatchObject({ tokens: 41, sessionsPerWeek: 4.75 });
    expect(lesson.load.tokensPerWeek).toBe(Math.round(41 * load.callsPerSession * 4.75));
    expect(lesson.load.costUsdPerWeek).toBeCloseTo((lesson.load.tokensPerWeek * 3) / 1e6, 5);
    // Beside it, what its trial says it saves in friction spend a week: more than it costs, interval and all.
    expect(lesson.saves.frictionCostUsdPerWeek.low).toBeGreaterThan(lesson.load.costUsdPerWeek);
    expect(lesson.saves.frictionTokensPerWeek.estimate).toBeGreaterThan(0);
    // A rule without a trial costs its load and saves nothing measured.
    expect(ic5.rules[1].saves).toBeNull();
    expect(ic5.rules[1].load.tokens).toBe(26);

    const text = await runCli(['rules', '--budget', '42', '--today', '2026-07-20'], {
      cwd: p.root,
      env: p.env,
    });
    expect(text.stdout).toContain('ic5: 3 rules, ≈');
    expect(text.stdout).toContain('over the budget of 42');
    expect(text.stdout).toContain('  propose removing ic5 #2 (≈26 tokens): Ask before deleting tests');
    expect(text.stdout).toMatch(
      /claude lesson: Read the error output .*\n {4}≈\d+ tokens · 19 days · due: KEEP · effect -[\d.]+ \[-[\d.]+, -[\d.]+\] \(in trial\)\n {4}loads ≈[\d.k]+ tokens a week \(\$[\d.]+\) · saves \$[\d.]+ \[\$[\d.]+, \$[\d.]+\] a week in friction\n/,
    );
    expect(text.stdout).toMatch(
      /^load: 19 sessions from 2026-06-22 to 2026-07-19 \(4\.75 a week, 19 with usage, [\d.]+ calls each\); tokens ≈ characters \/ 3\.3, money at API prices/m,
    );
  });

  it("a kept rule still shows what it saves: its decision keeps the trial's spend effect", async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    const rules = async () => {
      const run = await runCli(['rules', '--json', '--today', '2026-07-20'], { cwd: p.root, env: p.env });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout).agents[0].rules[0];
    };
    const onTrial = await rules();
    expect(onTrial.state).toBe('due: KEEP');
    expect(onTrial.saves.frictionCostUsdPerWeek.estimate).toBeGreaterThan(0);

    // The retrospective carries out the KEEP: the trial comment goes, the decision and its evidence stay.
    const outcome = await runRetro({
      cwd: p.root,
      env: p.env,
      decider: autoDecider,
      deepReader: async (path) => ({
        session_id: path.replace(/^.*\//, '').replace(/\.jsonl$/, ''),
        proposals: [],
        observations: [],
        fabrication_anchors: [],
      }),
      gateCapMs: Number.POSITIVE_INFINITY,
      today: '2026-07-20',
    });
    expect(outcome.applied.map((a) => a.action)).toContain('KEEP');
    const [record] = p
      .read('.claude/retro/directive-history.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(record.decision).toBe('KEEP');
    expect(record.spend_effect).toMatchObject({
      friction_tokens: { estimate: expect.any(Number), unit: 'friction tokens per session' },
      friction_cost_usd: { estimate: expect.any(Number), unit: 'friction USD per session at API prices' },
      level: expect.any(Number),
      baseline: { sessions: 12 },
      during: { sessions: 12 },
    });
    expect(record.spend_effect.friction_cost_usd.high).toBeLessThan(0);

    // Kept, the rule is permanent, and saves what its trial measured, on the same sessions a week.
    const kept = await rules();
    expect(kept).toMatchObject({ state: 'permanent', effect: { from: 'KEEP' } });
    expect(kept.saves).toEqual(onTrial.saves);
  });
});
