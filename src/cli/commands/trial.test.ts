import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFolderName } from '../../paths/data-dir.js';
import { runCli } from '../../test-support/cli.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';

const DAY = 86_400;
const START = Date.UTC(2026, 6, 1) / 1000;
const TRIAL =
  '1. Always run bash -n <!-- trial start=2026-07-01 source=sess#a1 review-after=2-sessions -->\n';

function projectWith(directives: string): string {
  const root = tempDir('retrospect-trial-cli-');
  mkdirSync(join(root, '.claude', 'memory', 'ic5'), { recursive: true });
  writeFileSync(join(root, '.claude', 'memory', 'ic5', 'directives.md'), directives);
  return root;
}

describe('retrospect trial (meta helpers)', () => {
  it('parse prints four tab-separated fields, or exits 1 silently without a trial comment', async () => {
    const ok = await runCli(['trial', 'parse', TRIAL.trim()]);
    expect(ok).toMatchObject({ code: 0, stdout: '1. Always run bash -n\t2026-07-01\tsess#a1\t2-sessions\n' });
    const plain = await runCli(['trial', 'parse', '1. permanent directive only']);
    expect(plain).toMatchObject({ code: 1, stdout: '', stderr: '' });
  });

  it('annotate and strip round-trip; a rule line starting with a dash is taken as is', async () => {
    const args = [
      '--text',
      'Always run bash -n',
      '--start',
      '2026-07-03',
      '--source',
      'uuid#msg',
      '--review-after',
      '10-sessions',
    ];
    const annotated = await runCli(['trial', 'annotate', ...args]);
    expect(annotated.stdout).toBe(
      'Always run bash -n <!-- trial start=2026-07-03 source=uuid#msg review-after=10-sessions -->\n',
    );
    const stripped = await runCli(['trial', 'strip', annotated.stdout.trim()]);
    expect(stripped.stdout).toBe('Always run bash -n\n');
    expect((await runCli(['trial', 'strip', '- a lesson'])).stdout).toBe('- a lesson\n');
  });

  it('is-elapsed answers by sessions and by days', async () => {
    const dir = tempDir('retrospect-mtimes-');
    const file = join(dir, 'mtimes');
    writeFileSync(file, `${START - DAY}\n${START + 100}\n${START + 200}\n${START + 300}\n`);
    const ask = async (...extra: string[]) =>
      (await runCli(['trial', 'is-elapsed', '--start', '2026-07-01', ...extra])).stdout.trim();
    expect(await ask('--review-after', '3-sessions', '--session-mtimes-file', file)).toBe('true');
    expect(await ask('--review-after', '4-sessions', '--session-mtimes-file', file)).toBe('false');
    expect(await ask('--review-after', '3-sessions')).toBe('false');
    expect(await ask('--review-after', '10-days', '--today', '2026-07-11')).toBe('true');
    expect(await ask('--review-after', '10-days', '--today', '2026-07-10')).toBe('false');
  });

  it('usage errors exit 2 and say what was expected', async () => {
    const cases = [
      ['trial', 'nope'],
      ['trial', 'parse'],
      ['trial', 'annotate', '--text', 'x'],
      [
        'trial',
        'annotate',
        '--text',
        'x',
        '--start',
        '2026-07-01',
        '--source',
        's#a',
        '--review-after',
        'soon',
      ],
      ['trial', 'is-elapsed', '--start', '2026-07-01'],
      ['trial', 'is-elapsed', '--start', '2026-07-01', '--review-after', 'weekly'],
      ['trial', 'review', '--mroot', '/x', '--scope', 'everywhere'],
      ['trial', 'review', '--mroot', '/x', '--freshness-secs', 'soon'],
      ['trial', 'review', '--record-decision', '--mroot', '/x', '--agent', 'ic5'],
    ];
    const runs = await Promise.all(cases.map((args) => runCli(args)));
    runs.forEach((run, i) => {
      expect(run.code, cases[i]!.join(' ')).toBe(2);
      expect(run.stderr, cases[i]!.join(' ')).toMatch(/^retrospect trial: \S/);
    });
  });
});

describe('retrospect trial review', () => {
  const scoresFile = (rows: string): string => {
    const path = join(tempDir('retrospect-scores-'), 'scores.tsv');
    writeFileSync(path, rows);
    return path;
  };
  const rows = (b: number[], t: number[]) =>
    `base-a\t${b[0]}\t${START - 3 * DAY}\nbase-b\t${b[1]}\t${START - 2 * DAY}\ntrial-a\t${t[0]}\t${START + DAY}\ntrial-b\t${t[1]}\t${START + 2 * DAY}\n`;

  it('prints KEEP with its evidence and never writes the directives file', async () => {
    const root = projectWith(TRIAL);
    const run = await runCli([
      'trial',
      'review',
      '--rule',
      'seed',
      '--mroot',
      root,
      '--session-scores-file',
      scoresFile(rows([10, 8], [2, 1])),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'KEEP\tic5\t1. Always run bash -n\tsess#a1\t2026-07-01\t9.0000\t2\t1.5000\t2\tbase-a,base-b\ttrial-a,trial-b\t2-sessions\n',
    );
    expect(readFileSync(join(root, '.claude', 'memory', 'ic5', 'directives.md'), 'utf8')).toBe(TRIAL);
  });

  it('prints REVERT for higher or equal friction, and DEFER lines on stderr only', async () => {
    const root = projectWith(TRIAL);
    const review = (file: string) =>
      runCli([
        'trial',
        'review',
        '--rule',
        'seed',
        '--mroot',
        root,
        '--session-scores-file',
        file,
        '--today',
        '2026-07-20',
      ]);
    expect((await review(scoresFile(rows([1, 2], [10, 12])))).stdout).toMatch(/^REVERT\t/);
    expect((await review(scoresFile(rows([5, 5], [5, 5])))).stdout).toMatch(/^REVERT\t/);
    const thin = await review(
      scoresFile(`base-a\t10\t${START - DAY}\ntrial-a\t1\t${START + DAY}\ntrial-b\t1\t${START + DAY}\n`),
    );
    expect(thin).toMatchObject({ code: 0, stdout: '' });
    expect(thin.stderr).toBe(
      '# trial-review: defer agent=ic5 reason=insufficient-sample baseline_n=1 in_trial_n=2 directive=1. Always run bash -n\n',
    );
  });

  it('fails clearly on a missing scores file', async () => {
    const run = await runCli([
      'trial',
      'review',
      '--mroot',
      projectWith(TRIAL),
      '--session-scores-file',
      '/no/such/file',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('session-scores-file not found: /no/such/file');
  });

  it('record-decision appends the audit record to the history', async () => {
    const root = projectWith(TRIAL);
    const common = [
      'trial',
      'review',
      '--record-decision',
      '--mroot',
      root,
      '--agent',
      'ic5',
      '--directive',
      'Always run bash -n',
    ];
    const evidence = [
      '--source',
      'sess#a1',
      '--trial-start',
      '2026-07-01',
      '--baseline-mean',
      '9',
      '--baseline-n',
      '2',
    ];
    const more = [
      '--baseline-ids',
      'base-a,base-b',
      '--in-trial-mean',
      '1.5',
      '--in-trial-n',
      '2',
      '--in-trial-ids',
      'trial-a,trial-b',
    ];
    expect(
      (await runCli([...common, ...evidence, ...more, '--decision', 'KEEP', '--decided-by', 'user'])).code,
    ).toBe(0);
    expect((await runCli([...common, '--decision', 'REVERT', '--decided-by', 'auto'])).code).toBe(0);
    expect((await runCli([...common, '--decision', 'MAYBE', '--decided-by', 'auto'])).code).toBe(2);
    const history = readFileSync(join(root, '.claude', 'retro', 'directive-history.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(history).toHaveLength(2);
    const [first, second] = history.map((line) => JSON.parse(line));
    expect(first).toMatchObject({
      agent: 'ic5',
      directive: 'Always run bash -n',
      source: 'sess#a1',
      trial_start: '2026-07-01',
      baseline: { mean: 9, n: 2, sessions: ['base-a', 'base-b'] },
      in_trial: { mean: 1.5, n: 2, sessions: ['trial-a', 'trial-b'] },
      decision: 'KEEP',
      decided_by: 'user',
    });
    expect(first.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(second).toMatchObject({
      baseline: { mean: 0, n: 0, sessions: [] },
      decision: 'REVERT',
      decided_by: 'auto',
    });
    expect(readFileSync(join(root, '.claude', 'memory', 'ic5', 'directives.md'), 'utf8')).toBe(TRIAL);
  });

  it('without a scores file, gates the project sessions found under CLAUDE_CONFIG_DIR (git main checkout)', async () => {
    const root = projectWith(TRIAL);
    spawnSync('git', ['init', '-q', root]);
    const config = tempDir('retrospect-claude-config-');
    const folder = join(config, 'projects', projectFolderName(root));
    writeSessionFile(folder, { sessionId: 'b1', rejections: 2, mtimeSecs: START - 3 * DAY });
    writeSessionFile(folder, { sessionId: 'b2', rejections: 1, mtimeSecs: START - 2 * DAY });
    writeSessionFile(folder, { sessionId: 't1', rejections: 0, mtimeSecs: START + DAY });
    writeSessionFile(folder, { sessionId: 't2', rejections: 1, mtimeSecs: START + 2 * DAY });
    writeSessionFile(join(config, 'projects', '-some-other-project'), {
      sessionId: 'o1',
      rejections: 2,
      mtimeSecs: START + DAY,
    });
    writeSessionFile(folder, { sessionId: 'fresh', rejections: 2 });
    const env = { CLAUDE_CONFIG_DIR: config, RETROSPECT_DATA_DIR: tempDir('retrospect-data-') };
    const current = await runCli(['trial', 'review', '--rule', 'seed'], { cwd: join(root, '.claude'), env });
    expect(current.stderr).toBe('');
    expect(current.stdout).toBe(
      'KEEP\tic5\t1. Always run bash -n\tsess#a1\t2026-07-01\t6.0000\t2\t1.5000\t2\tb1,b2\tt1,t2\t2-sessions\n',
    );
    const relative = await runCli(['trial', 'review', '--rule', 'seed', '--mroot', '.'], { cwd: root, env });
    expect(relative.stdout).toBe(current.stdout);
    const all = await runCli(
      ['trial', 'review', '--rule', 'seed', '--scope', 'all', '--projects-root', join(config, 'projects')],
      { cwd: root, env: { RETROSPECT_DATA_DIR: env.RETROSPECT_DATA_DIR } },
    );
    expect(all.stdout.split('\t').slice(7, 11)).toEqual(['4.0000', '3', 'b1,b2', 'o1,t1,t2']);
  });

  it('list shows each trial with its state and evidence', async () => {
    const root = projectWith(
      `${TRIAL}2. Plain rule\n3. Name the failing test <!-- trial start=2026-07-10 source=s#b review-after=10-sessions -->\n`,
    );
    const file = scoresFile(rows([10, 8], [2, 1]));
    const run = await runCli([
      'trial',
      'list',
      '--rule',
      'seed',
      '--mroot',
      root,
      '--session-scores-file',
      file,
      '--json',
    ]);
    const listed = JSON.parse(run.stdout) as { number: number; state: string; action: string }[];
    expect(listed.map((t) => [t.number, t.state, t.action])).toEqual([
      [1, 'due: KEEP', 'KEEP'],
      [3, 'open: 0/10 sessions', 'DEFER'],
    ]);
    const text = await runCli([
      'trial',
      'list',
      '--rule',
      'seed',
      '--mroot',
      root,
      '--session-scores-file',
      file,
    ]);
    expect(text.stdout).toContain('ic5 #1: Always run bash -n\n  state:    due: KEEP\n');
  });
});
