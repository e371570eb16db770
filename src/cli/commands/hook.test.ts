import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const SESSION = '0b7c9a52-1e3d-4f60-8a21-c4d5e6f7a8b9';

function git(args: string[], cwd: string): void {
  execFileSync('git', args, { cwd, stdio: 'ignore' });
}

/** A real repository with a linked worktree, as an agent working in a worktree has. */
function repoWithWorktree(): { main: string; worktree: string } {
  const root = tempDir('retrospect-hook-');
  const main = join(root, 'shop');
  mkdirSync(main);
  git(['init', '-q', '-b', 'main'], main);
  writeFileSync(join(main, 'README.md'), '# shop\n');
  git(['add', '.'], main);
  git(['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '-q', '-m', 'init'], main);
  const worktree = join(root, 'shop-feature');
  git(['worktree', 'add', '-q', '-b', 'feature', worktree], main);
  return { main, worktree };
}

const failure = JSON.stringify({
  session_id: SESSION,
  transcript_path: `/home/dev/.claude/projects/-home-dev-shop/${SESSION}.jsonl`,
  cwd: '/home/dev/shop',
  hook_event_name: 'PostToolUseFailure',
  tool_name: 'Write',
  tool_input: {
    file_path: 'src/cart.ts',
    content: `export const secret = 'CANARY_CONTENT'; ${'x'.repeat(200_000)}`,
  },
  tool_use_id: 'toolu_01ABC',
  error: 'EACCES CANARY_ERROR',
});

describe('retrospect hook friction-capture', () => {
  it('appends to the main checkout ledger from a linked worktree, reading a payload over 64 KiB whole', async () => {
    const { main, worktree } = repoWithWorktree();
    const run = await runCli(['hook', 'friction-capture'], {
      cwd: worktree,
      env: { FRICTION_LEDGER: '' },
      input: failure,
    });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const ledger = readFileSync(join(main, '.claude', 'retro', 'friction.jsonl'), 'utf8');
    expect(JSON.parse(ledger)).toMatchObject({
      session_id: SESSION,
      event: 'PostToolUseFailure',
      path: 'src/cart.ts',
    });
    expect(ledger).not.toContain('CANARY');
    expect(existsSync(join(worktree, '.claude'))).toBe(false);
  });

  it('feeds the gate: two captured failures make one ledger S2 run for that session', async () => {
    const { main, worktree } = repoWithWorktree();
    const t = new TranscriptBuilder(SESSION);
    t.user('run the tests');
    t.tool('Bash', { command: 'npm test' });
    t.result('1 failing', true);
    const transcript = t.write();
    for (const tool of ['Bash', 'Edit']) {
      const input = JSON.stringify({
        session_id: SESSION,
        hook_event_name: 'PostToolUseFailure',
        tool_name: tool,
      });
      expect(
        (await runCli(['hook', 'friction-capture'], { cwd: worktree, env: { FRICTION_LEDGER: '' }, input }))
          .code,
      ).toBe(0);
    }
    const firstTs = JSON.parse(
      readFileSync(join(main, '.claude', 'retro', 'friction.jsonl'), 'utf8').split('\n')[0] ?? '',
    ).ts;
    const gate = await runCli(['gate', transcript], { cwd: worktree, env: { FRICTION_LEDGER: '' } });
    expect(JSON.parse(gate.stdout).signals).toEqual([
      { name: 'S2', count: 1, ids: [`ledger:PostToolUseFailure:${firstTs}`] },
    ]);
  });

  it('exits 0 with one friction-capture line for bad JSON and for an unwritable ledger', async () => {
    const dir = tempDir('retrospect-hook-');
    const ledger = join(dir, 'friction.jsonl');
    const bad = await runCli(['hook', 'friction-capture'], {
      cwd: dir,
      env: { FRICTION_LEDGER: ledger },
      input: '{"session_id":',
    });
    expect(bad.code).toBe(0);
    expect(bad.stderr).toMatch(/^friction-capture: hook input is not valid JSON .*\n$/);
    expect(existsSync(ledger)).toBe(false);

    writeFileSync(join(dir, 'blocker'), '');
    const unwritable = await runCli(['hook', 'friction-capture'], {
      cwd: dir,
      env: { FRICTION_LEDGER: join(dir, 'blocker', 'friction.jsonl') },
      input: failure,
    });
    expect(unwritable.code).toBe(0);
    expect(unwritable.stderr.split('\n')).toHaveLength(2);
    expect(unwritable.stderr).toMatch(/^friction-capture: cannot append to .*blocker.*friction\.jsonl: /);
  });

  it('writes nothing and says nothing for an empty session id', async () => {
    const dir = tempDir('retrospect-hook-');
    const ledger = join(dir, 'friction.jsonl');
    const run = await runCli(['hook', 'friction-capture'], {
      cwd: dir,
      env: { FRICTION_LEDGER: ledger },
      input: JSON.stringify({ session_id: '', hook_event_name: 'StopFailure' }),
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(ledger)).toBe(false);
  });

  it('rejects an unknown hook name with exit 1 (exit 2 would make a Stop hook keep the agent working)', async () => {
    const run = await runCli(['hook', 'nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("unknown sub-command 'nope'");
  });
});
