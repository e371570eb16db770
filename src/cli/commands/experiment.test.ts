import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLesson } from '../../rules/lessons.js';
import { BIN, runCli, spawnCli } from '../../test-support/cli.js';
import { experimentTaskRepo } from '../../test-support/experiment-repo.js';
import { CHECK_FIRST_RULE, installScriptedClaude } from '../../test-support/scripted-agent.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../../walk/test-support/repo.js';

function project() {
  const { tasksFile, repo, sha } = experimentTaskRepo(2);
  const rules = join(dirname(tasksFile), 'rules.md');
  writeFileSync(rules, CHECK_FIRST_RULE);
  return { tasksFile, rules, repo, sha, cwd: dirname(tasksFile) };
}

describe('retrospect experiment', () => {
  it('--dry-run prints the plan and its worst case, and starts nothing', async () => {
    const p = project();
    const run = await runCli(
      [
        'experiment',
        '--tasks',
        p.tasksFile,
        '--rules',
        p.rules,
        '--runs',
        '2',
        '--time-limit',
        '15m',
        '--dry-run',
        '--out',
        'out',
      ],
      { cwd: p.cwd },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Plan: 8 runs (2 tasks × 2 arms × 2 runs), agent claude, permission mode acceptEdits',
    );
    expect(run.stdout).toContain(
      'Worst case: 8 runs × 25m = 3h20m of wall time; tokens unknown until a run reports them',
    );
    expect(run.stdout).toMatch(/ {2}1 {2}puzzle-\d\.(with|without)\.1\n/);
    expect(existsSync(join(p.cwd, 'out'))).toBe(false);
    const tight = await runCli(
      ['experiment', '--tasks', p.tasksFile, '--rules', p.rules, '--dry-run', '--budget', 'time=1h'],
      { cwd: p.cwd },
    );
    expect(tight.code).toBe(1);
    expect(tight.stdout).toContain(
      "Does not fit the budget: the plan's worst case is 6h of wall time and the budget allows 1h",
    );
  });

  it('refuses to start without a budget, and bad input in one line', async () => {
    const p = project();
    const none = await runCli(['experiment', '--tasks', p.tasksFile, '--rules', p.rules], { cwd: p.cwd });
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toMatch(/--budget: an experiment needs a hard budget/);
    writeFileSync(join(p.cwd, 'bad.jsonl'), '{"id": "x"}\n');
    const bad = await runCli(['experiment', '--tasks', 'bad.jsonl', '--rules', p.rules, '--dry-run'], {
      cwd: p.cwd,
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('bad.jsonl line 1: "prompt" must be a non-empty string');
  });

  it('runs the plan with the agent on PATH, prints the JSON the interface names, and resume finds nothing left', async () => {
    const p = project();
    const { env } = installScriptedClaude('rule-helps', { seed: 3 });
    const args = [
      'experiment',
      '--tasks',
      p.tasksFile,
      '--rules',
      p.rules,
      '--runs',
      '2',
      '--seed',
      '3',
      '--budget',
      'runs=8,time=4h',
      '--min-effect',
      'check=0.2',
      '--json',
      '--out',
      'out',
    ];
    const run = await spawnCli(args, { cwd: p.cwd, env, timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    for (const name of ['friction', 'check_pass'])
      expect(Object.keys(report.effects[name])).toEqual(
        expect.arrayContaining(['estimate', 'low', 'high', 'min_effect', 'verdict', 'rules_out_beyond']),
      );
    // --min-effect names the check's smallest effect; friction keeps its default. Kept in the state, so a
    // resume judges by the same.
    expect(report.decision.min_effect).toEqual({ friction: 5, check_pass: 0.2 });
    expect(report.effects.check_pass.min_effect).toBe(0.2);
    expect(['effect', 'no-effect', 'undecided']).toContain(report.decision.outcome);
    expect(report.arms.with.runs).toBe(4);
    expect(report.arms.without.runs).toBe(4);
    expect(report.runs).toHaveLength(8);
    for (const r of report.runs) {
      expect(r).toMatchObject({
        task: expect.stringMatching(/^puzzle-/),
        arm: expect.stringMatching(/^with(out)?$/),
      });
      expect(existsSync(join(p.cwd, 'out', r.transcript))).toBe(true);
      expect(typeof r.measures.friction).toBe('number');
    }
    expect(run.stderr).toContain('retrospect experiment: run 8/8 ');
    for (const file of ['report.json', 'report.md', 'report.html', 'experiment.json'])
      expect(existsSync(join(p.cwd, 'out', file))).toBe(true);
    expect(readFileSync(join(p.cwd, 'out', 'report.md'), 'utf8')).toContain('| friction per 100 turns');
    const again = await spawnCli(['experiment', 'resume', '--out', 'out', '--json'], {
      cwd: p.cwd,
      env,
      timeoutMs: 60_000,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('run 1/8');
    expect(JSON.parse(again.stdout).runs).toEqual(report.runs);
    expect(JSON.parse(again.stdout).decision.min_effect).toEqual({ friction: 5, check_pass: 0.2 });
    const twice = await spawnCli(args, { cwd: p.cwd, env });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('holds an experiment already');
  }, 180_000);

  it('says in one line that the agent is not logged in, and keeps what finished', async () => {
    const p = project();
    const { env } = installScriptedClaude('not-logged-in', { failAfter: 2 });
    const run = await spawnCli(
      [
        'experiment',
        '--tasks',
        p.tasksFile,
        '--rules',
        p.rules,
        '--runs',
        '1',
        '--budget',
        'runs=4',
        '--out',
        'out',
      ],
      { cwd: p.cwd, env, timeoutMs: 120_000 },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "retrospect experiment: 'claude' is not logged in (Invalid API key · Please run /login): run 'claude' once to log in, then 'retrospect experiment resume'; finished runs are kept",
    );
    const state = JSON.parse(readFileSync(join(p.cwd, 'out', 'experiment.json'), 'utf8'));
    expect(Object.keys(state.runs)).toHaveLength(2);
  }, 120_000);

  it('experiment tasks: opening requests at the commit each session started from; the rest listed and left out', async () => {
    const repo = createTestRepo('retrospect-experiment-sessions-');
    const base = repo.commit('base', { 'src/a.ts': 'export const a = 1;\n' }, '2026-10-01T08:00:00Z');
    // The session (TranscriptBuilder's clock starts 2026-10-01 09:00 UTC) edits src/a.ts, then commits.
    const t = new TranscriptBuilder('aaaaaaaa-1111-4222-8333-444444444444', repo.dir);
    t.user('continue');
    t.user('Make a return two and add a test for it.');
    t.tool('Edit', { file_path: join(repo.dir, 'src/a.ts'), old_string: '1', new_string: '2' });
    t.result('The file has been updated.', false, {
      filePath: join(repo.dir, 'src/a.ts'),
      oldString: '1',
      newString: '2',
    });
    t.assistant('Done.');
    repo.commit('a is two', { 'src/a.ts': 'export const a = 2;\n' }, '2026-10-01T09:00:30Z');
    const session = t.write();
    const other = new TranscriptBuilder('bbbbbbbb-1111-4222-8333-444444444444', '/home/dev/other');
    other.user('Fix the login page.');
    const otherPath = other.write();
    const out = join(tempDir('retrospect-experiment-built-'), 'tasks.jsonl');
    // The first as its project folder (a folder stands for its sessions), the second as a file.
    const run = await runCli(
      ['experiment', 'tasks', dirname(session), otherPath, '--repo', repo.dir, '--out', out],
      {
        cwd: repo.dir,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`left out ${otherPath}: ran in /home/dev/other, outside the repository`);
    expect(run.stderr).toContain('1 tasks, 1 sessions left out');
    const [task, ...rest] = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rest).toEqual([]);
    expect(task).toEqual({
      id: 'session-aaaaaaaa1111',
      prompt: 'Make a return two and add a test for it.',
      repo: repo.dir,
      rev: base,
    });
  });

  it('^C ends the run under way with its process group, records nothing for it, and exits 130', async () => {
    const p = project();
    const { env, dir } = installScriptedClaude('hang');
    const checkouts = tempDir('retrospect-experiment-sigint-');
    const child = spawn(
      process.execPath,
      [
        BIN,
        'experiment',
        '--tasks',
        p.tasksFile,
        '--rules',
        p.rules,
        '--runs',
        '1',
        '--budget',
        'runs=4',
        '--out',
        'out',
      ],
      { cwd: p.cwd, env: { ...env, TMPDIR: checkouts, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Once the agent has started (it leaves a child of its own), the person presses ^C.
    for (let waited = 0; !existsSync(join(dir, 'hang.pid')) && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/interrupted during run puzzle-\d\.with(out)?\.1; finished runs are kept/);
    const pid = Number(readFileSync(join(dir, 'hang.pid'), 'utf8'));
    const status = existsSync(`/proc/${pid}/status`)
      ? readFileSync(`/proc/${pid}/status`, 'utf8')
      : 'State: gone';
    expect(status).toMatch(/State:\s+(Z|X|gone)/);
    const state = JSON.parse(readFileSync(join(p.cwd, 'out', 'experiment.json'), 'utf8'));
    expect(state.runs).toEqual({});
    expect(state.current).toBeNull();
    expect(readdirSync(checkouts).filter((n) => n.startsWith('retrospect-experiment-'))).toEqual([]);
  }, 60_000);

  it('without --rules, the "with" arm loads the rules on trial of the repository it is run in, named on stderr', async () => {
    // The project is the task's own repository; the lesson is on trial the way a retro puts it there,
    // uncommitted, so that the clones at the task's commit hold no rules of their own.
    const { tasksFile, repo } = experimentTaskRepo(1);
    // Prose, as the rule writers take it (they refuse a rule that holds a command).
    const rule = 'Run the check first to see what is expected before changing anything.';
    const trial = {
      start: '2026-11-20',
      source: 'aaaaaaaa-1111-4222-8333-444444444444#m7',
      reviewAfter: '10-sessions',
    };
    expect(appendLesson(repo, rule, { trial }).ok).toBe(true);
    appendLesson(repo, 'Keep the changelog entry beside the code change.');
    const { env } = installScriptedClaude('rule-helps', { seed: 5 });
    const args = [
      'experiment',
      '--tasks',
      tasksFile,
      '--runs',
      '1',
      '--budget',
      'runs=2',
      '--json',
      '--out',
      'out',
    ];
    const run = await spawnCli(args, { cwd: join(repo, '.claude'), env, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `retrospect experiment: the "with" arm loads the 1 rule on trial in ${repo}:\n  claude lesson: ${rule}\n`,
    );
    expect(run.stderr).not.toContain('changelog');
    const state = JSON.parse(readFileSync(join(repo, '.claude', 'out', 'experiment.json'), 'utf8'));
    expect(state.rules).toEqual({ source: 'the 1 rule on trial', text: `# Rules on trial\n\n- ${rule}\n` });
    // The scripted agent follows the rule only where it was loaded: in the "with" run, not the other.
    const report = JSON.parse(run.stdout);
    const said = (arm: string) =>
      readFileSync(
        join(repo, '.claude', 'out', report.runs.find((r: { arm: string }) => r.arm === arm).transcript),
        'utf8',
      );
    expect(said('with')).toContain('I will run the check first');
    expect(said('without')).not.toContain('I will run the check first');
  }, 120_000);

  it('without --rules and with no rule on trial, says so in one line (exit 2)', async () => {
    const { tasksFile, repo } = experimentTaskRepo(1);
    appendLesson(repo, 'Keep the changelog entry beside the code change.');
    const none = await runCli(['experiment', '--tasks', tasksFile, '--dry-run'], { cwd: repo });
    expect(none.code).toBe(2);
    expect(none.stderr.trim()).toBe(
      `retrospect experiment: --rules: not given, and no rule is on trial in ${repo} (expected --rules FILE, or a rule on trial: see retrospect trial list)`,
    );
    const outside = await runCli(['experiment', '--tasks', tasksFile, '--dry-run'], {
      cwd: dirname(tasksFile),
    });
    expect(outside.code).toBe(2);
    expect(outside.stderr.trim().split('\n')).toHaveLength(1);
    expect(outside.stderr).toContain('--rules: not given, and the current folder is in no git repository');
  });

  it('--trial takes the rule of one trial alone, named as trial list names it', async () => {
    const { tasksFile, repo } = experimentTaskRepo(1);
    const trial = {
      start: '2026-11-20',
      source: 'aaaaaaaa-1111-4222-8333-444444444444#m7',
      reviewAfter: '10-sessions',
    };
    appendLesson(repo, 'Run the check first to see what is expected before changing anything.', { trial });
    appendLesson(repo, 'Read the error message before the stack trace.', { trial });
    const one = await runCli(
      [
        'experiment',
        '--tasks',
        tasksFile,
        '--trial',
        'Read the error message before the stack trace.',
        '--dry-run',
      ],
      { cwd: repo },
    );
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toBe(
      `retrospect experiment: the "with" arm loads the rule of trial claude lesson in ${repo}:\n  claude lesson: Read the error message before the stack trace.\n`,
    );
    const both = await runCli(
      ['experiment', '--tasks', tasksFile, '--trial', 'x', '--rules', 'r.md', '--dry-run'],
      {
        cwd: repo,
      },
    );
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe(
      'retrospect experiment: --rules and --trial: give one (a rules file, or one trial of this project)',
    );
    const ambiguous = await runCli(
      ['experiment', '--tasks', tasksFile, '--trial', 'claude lesson', '--dry-run'],
      {
        cwd: repo,
      },
    );
    expect(ambiguous.code).not.toBe(0);
    expect(ambiguous.stderr.trim().split('\n')).toHaveLength(1);
    expect(ambiguous.stderr).toContain('--trial claude lesson: 2 trials are named so');
  });

  it('--help lists the sub-commands', async () => {
    const run = await runCli(['experiment', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('usage: retrospect experiment --tasks FILE');
    expect(run.stdout).toContain('default: the rules on trial in the repository you are in');
    expect(run.stdout).toMatch(/commands:\n {2}resume {2}.*\n {2}tasks {3}/);
  });
});
