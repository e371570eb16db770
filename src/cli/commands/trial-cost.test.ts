import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { trialProject } from '../../test-support/trial-project.js';

type Project = ReturnType<typeof trialProject>;

async function reviewJson(p: Project) {
  const run = await runCli(['trial', 'review', '--json', '--today', '2026-07-20'], {
    cwd: p.root,
    env: p.env,
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout)[0];
}

/** Each session's friction tokens and dollars as `scan --json` reports them: a reading apart from the trial's. */
async function scannedFriction(p: Project) {
  const run = await runCli(['scan', '--json', p.sessionsFolder], {
    cwd: p.root,
    env: p.env,
  });
  expect(run.code, run.stderr).toBe(0);
  type Row = { sessionId: string; friction_tokens: number; friction_cost_usd: number };
  const rows = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Row);
  return new Map(rows.map((r) => [r.sessionId, r]));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

describe('trial review: what friction cost before and during the trial', () => {
  it('shows friction spend falling per session, with an interval below zero, when friction vanished', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    const trial = await reviewJson(p);
    const { effects } = trial;
    expect(effects.prices[0].name).toMatch(/genai-prices/);
    expect(effects.during).toMatchObject({ sessions: 12, with_usage: 12, unpriced: 0 });
    expect(effects.baseline).toMatchObject({ sessions: 12, with_usage: 12, unpriced: 0 });
    expect(effects.baseline.friction_tokens).toBeGreaterThan(effects.during.friction_tokens);
    expect(effects.friction_tokens.high).toBeLessThan(0);
    expect(effects.friction_cost_usd.high).toBeLessThan(0);
    expect(effects.friction_tokens.low).toBeLessThanOrEqual(effects.friction_tokens.estimate);
    expect(effects.friction_tokens.sessions).toEqual({ baseline: 12, during: 12 });
    expect(effects.reason).toBeNull();

    // The shift is the median of every in-trial minus baseline difference, and the totals the sessions'
    // sums, of each session's friction spend as `scan` reads the same transcripts.
    const scanned = await scannedFriction(p);
    const side = (ids: string[], key: 'friction_tokens' | 'friction_cost_usd') =>
      ids.map((id) => scanned.get(id)?.[key] ?? Number.NaN);
    const pairs = (before: number[], after: number[]) =>
      median(after.flatMap((a) => before.map((b) => a - b)));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const tokens = ['baseline', 'during'].map((s) => side(trial[s].session_ids, 'friction_tokens'));
    const dollars = ['baseline', 'during'].map((s) => side(trial[s].session_ids, 'friction_cost_usd'));
    expect(effects.friction_tokens.estimate).toBe(pairs(tokens[0] ?? [], tokens[1] ?? []));
    expect(effects.baseline.friction_tokens).toBe(sum(tokens[0] ?? []));
    expect(effects.during.friction_tokens).toBe(sum(tokens[1] ?? []));
    expect(effects.friction_cost_usd.estimate).toBeCloseTo(pairs(dollars[0] ?? [], dollars[1] ?? []), 6);
    expect(effects.baseline.friction_cost_usd).toBeCloseTo(sum(dollars[0] ?? []), 6);
  });

  it('says so on stderr beside the TSV rows, which stay as they were', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    const run = await runCli(['trial', 'review', '--today', '2026-07-20'], { cwd: p.root, env: p.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\t')[0]).toBe('KEEP');
    expect(run.stderr).toMatch(
      /^# trial-review: spend agent=claude friction_tokens=-\d+ ci=-\d+,-\d+ friction_usd=-[\d.]+ ci=-[\d.]+,-[\d.]+ per=session level=0\.9833 usage=12\/12,12\/12 directive=- Read the error output/m,
    );
  });

  it('gives no spend effect, and says why, when the sessions record no usage', async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.03 }, { turns: [60, 140], friction: 0.03 });
    const rows = ['# sid score mtime turns'];
    for (let i = 0; i < 6; i++)
      rows.push(`b${i}\t3\t${1_782_000_000 + i}\t80`, `d${i}\t3\t${1_783_000_000 + i}\t80`);
    const file = `${p.root}/scores.tsv`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const run = await runCli(
      ['trial', 'review', '--json', '--today', '2026-07-20', '--session-scores-file', file],
      { cwd: p.root, env: p.env },
    );
    expect(run.code, run.stderr).toBe(0);
    const { effects } = JSON.parse(run.stdout)[0];
    expect(effects.friction_tokens).toBeNull();
    expect(effects.friction_cost_usd).toBeNull();
    expect(effects.reason).toMatch(/^no compared session records its token usage/);
    expect(effects.baseline).toMatchObject({ sessions: 6, with_usage: 0, cost_usd: null });
  });
});
