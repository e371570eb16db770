import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

/** A project folder (a git repository) with a guard installed by `init --guard`, as a user installs it. */
async function projectWithGuard(kind: string): Promise<{ root: string; command: string; event: string }> {
  const root = tempDir('retrospect-guard-');
  spawnSync('git', ['init', '-q', root]);
  const run = await runCli(['init', '--guard', kind], { cwd: root });
  expect(run.code, run.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(join(root, '.claude', 'settings.json'), 'utf8'));
  const [event] = Object.keys(settings.hooks);
  const command = settings.hooks[event as string][0].hooks[0].command as string;
  return { root, command, event: event as string };
}

/** Runs the installed hook command the way Claude Code does: through a shell, the hook JSON on stdin. */
function fire(root: string, command: string, payload: Record<string, unknown>) {
  const run = spawnSync('sh', ['-c', command], {
    cwd: root,
    input: JSON.stringify(payload),
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: root },
  });
  return { code: run.status, stderr: run.stderr };
}

const SESSION = '11111111-2222-4333-8444-555555555555';

describe('retrospect hook guard', () => {
  it('repeated-failing-command blocks a failed command run again, until a file changes', async () => {
    const { root, command, event } = await projectWithGuard('repeated-failing-command');
    expect(event).toBe('PreToolUse');
    const canary = join(root, 'CANARY');
    const t = new TranscriptBuilder(SESSION);
    t.user('Make the checkout tests pass');
    t.tool('Bash', { command: `touch ${canary} && npm test` });
    t.result('1 failing', true);
    const transcript = t.write();
    const payload = (cmd: string) => ({
      session_id: SESSION,
      transcript_path: transcript,
      cwd: root,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: cmd, description: 'run tests' },
      tool_use_id: 'toolu_99',
    });
    const blocked = fire(root, command, payload(`touch ${canary}  &&  npm test`));
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain('already failed in this session');
    // The command is data: the guard quotes it, never runs it.
    expect(existsSync(canary)).toBe(false);
    expect(fire(root, command, payload('npm test -- --reporter verbose')).code).toBe(0);
    t.tool('Read', { file_path: '/src/cart.ts' });
    t.result('export const total = 1;');
    t.tool('Edit', { file_path: '/src/cart.ts', old_string: '1', new_string: '2' });
    t.result('ok');
    writeFileSync(transcript, t.text());
    expect(fire(root, command, payload(`touch ${canary} && npm test`)).code).toBe(0);
  });

  it('edit-without-read blocks an edit of an unread file', async () => {
    const { root, command } = await projectWithGuard('edit-without-read');
    const t = new TranscriptBuilder(SESSION);
    t.user('Rename the total helper');
    t.tool('Read', { file_path: '/src/cart.ts' });
    t.result('export const total = 1;');
    const transcript = t.write();
    const edit = (path: string) => ({
      transcript_path: transcript,
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: path, old_string: 'a', new_string: 'b' },
    });
    expect(fire(root, command, edit('/src/cart.ts')).code).toBe(0);
    const blocked = fire(root, command, edit('/src/order.ts'));
    expect(blocked).toMatchObject({ code: 2 });
    expect(blocked.stderr).toContain('"/src/order.ts" has not been read in this session');
  });

  it('unverified-success-claim keeps the agent working once, never in a loop', async () => {
    const { root, command, event } = await projectWithGuard('unverified-success-claim');
    expect(event).toBe('Stop');
    const t = new TranscriptBuilder(SESSION);
    t.user('Fix the rounding bug');
    t.tool('Read', { file_path: '/src/cart.ts' });
    t.result('a');
    t.tool('Edit', { file_path: '/src/cart.ts', old_string: 'a', new_string: 'b' });
    t.result('ok');
    t.assistant('The rounding bug is fixed and all tests pass.');
    const transcript = t.write();
    const stop = { transcript_path: transcript, hook_event_name: 'Stop', stop_hook_active: false };
    const blocked = fire(root, command, stop);
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain('files were edited after the last passing test');
    expect(fire(root, command, { ...stop, stop_hook_active: true }).code).toBe(0);
    expect(fire(root, command, { ...stop, last_assistant_message: 'I changed the rounding.' }).code).toBe(0);
    t.tool('Bash', { command: 'npm test' });
    t.result('12 passed');
    writeFileSync(transcript, t.text());
    expect(fire(root, command, stop).code).toBe(0);
  });

  it('lets the agent go on when it cannot judge, and refuses an unknown guard', async () => {
    const { root, command } = await projectWithGuard('repeated-failing-command');
    const garbage = spawnSync('sh', ['-c', command], { cwd: root, input: 'not json', encoding: 'utf8' });
    expect(garbage.status).toBe(0);
    expect(garbage.stderr).toContain('not JSON');
    expect(fire(root, command, { hook_event_name: 'PreToolUse', tool_input: { command: 'ls' } }).code).toBe(
      0,
    );
    expect(
      fire(root, command, {
        hook_event_name: 'PreToolUse',
        transcript_path: '/no/such.jsonl',
        tool_input: { command: 'ls' },
      }).code,
    ).toBe(0);
    const unknown = await runCli(['hook', 'guard', 'rm-rf'], { input: '{}' });
    expect(unknown.code).toBe(1);
  });
});

describe('retrospect hook guard on a transcript_path that is not a file', () => {
  it('lets the agent go on at once when transcript_path is a FIFO, /dev/urandom or /dev/zero', async () => {
    const { root, command } = await projectWithGuard('repeated-failing-command');
    const pipe = join(root, 'transcript.jsonl');
    spawnSync('mkfifo', [pipe]);
    for (const transcript of [pipe, '/dev/urandom', '/dev/zero']) {
      const started = Date.now();
      const run = spawnSync('sh', ['-c', command], {
        cwd: root,
        input: JSON.stringify({
          session_id: SESSION,
          transcript_path: transcript,
          cwd: root,
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'npm test' },
        }),
        encoding: 'utf8',
        env: { ...process.env, CLAUDE_PROJECT_DIR: root },
        timeout: 20_000,
      });
      expect(run.error, transcript).toBeUndefined();
      expect(run.status, transcript).toBe(0);
      expect(Date.now() - started, transcript).toBeLessThan(15_000);
    }
  });
});

describe('retrospect init --guard', () => {
  it('previews, installs once, keeps other settings, and removes the guard again', async () => {
    const root = tempDir('retrospect-guard-init-');
    // The backups of settings files go to the data folder: the test's, not the home of whoever runs it.
    const env = { RETROSPECT_DATA_DIR: join(root, 'data') };
    spawnSync('git', ['init', '-q', root]);
    mkdirSync(join(root, '.claude'));
    const original = '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  }\n}\n';
    writeFileSync(join(root, '.claude', 'settings.json'), original);
    const preview = await runCli(['init', '--guard', 'edit-without-read', '--dry-run'], { cwd: root, env });
    expect(preview.stdout).toContain('+        "matcher": "Edit|MultiEdit|NotebookEdit"');
    expect(readFileSync(join(root, '.claude', 'settings.json'), 'utf8')).toBe(original);
    expect((await runCli(['init', '--guard', 'edit-without-read'], { cwd: root, env })).stdout).toContain(
      'added the edit-without-read guard (PreToolUse)',
    );
    const again = await runCli(['init', '--guard', 'edit-without-read'], { cwd: root, env });
    expect(again.stdout).toContain('already in');
    const settings = JSON.parse(readFileSync(join(root, '.claude', 'settings.json'), 'utf8'));
    expect(settings.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(settings.hooks.PreToolUse).toHaveLength(1);
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toMatch(/ hook guard edit-without-read$/);
    await runCli(['init', '--guard', 'edit-without-read', '--remove'], { cwd: root, env });
    expect(JSON.parse(readFileSync(join(root, '.claude', 'settings.json'), 'utf8'))).toEqual({
      permissions: { allow: ['Bash(npm test)'] },
    });
    expect((await runCli(['init', '--guard', 'nope'], { cwd: root, env })).code).toBe(2);
  });
});
