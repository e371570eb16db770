import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduledLockPath, scheduledRetroDir } from '../../schedule/paths.js';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

function project(): string {
  return tempDir('retrospect-lock-cli-');
}

describe('retrospect schedule lock on a path that cannot be a lock', () => {
  it('acquire: a folder at the lock path is one line and exit 1, never a stack trace', async () => {
    const mroot = project();
    mkdirSync(scheduledLockPath(mroot), { recursive: true });
    const run = await runCli(['schedule', 'lock', 'acquire', mroot]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `retrospect schedule: cannot use the scheduled-run lock ${scheduledLockPath(mroot)}: it is a folder, not a lock file (a lock is a file holding a pid and a time): move the folder away\n`,
    );
  });

  it('release: the same line, and still exit 0', async () => {
    const mroot = project();
    mkdirSync(scheduledLockPath(mroot), { recursive: true });
    const run = await runCli(['schedule', 'lock', 'release', mroot, '--force']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^scheduled retro: could not release the lock: cannot use the scheduled-run lock .*: it is a folder/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('acquire: a file where .claude/retro must be', async () => {
    const mroot = project();
    mkdirSync(join(mroot, '.claude'));
    writeFileSync(scheduledRetroDir(mroot), 'x');
    const run = await runCli(['schedule', 'lock', 'acquire', mroot]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/a file stands where a folder must be .*: move it away\n$/);
  });
});

describe('retrospect schedule lock acquire: who owns the lock', () => {
  it("takes a dead owner's fresh lock at once and says so", async () => {
    const mroot = project();
    const dead = Number(
      spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout,
    );
    mkdirSync(scheduledRetroDir(mroot), { recursive: true });
    writeFileSync(scheduledLockPath(mroot), `${dead}\n${Math.floor(Date.now() / 1000)}\n${hostname()}\nt\n`);
    const run = await runCli(['schedule', 'lock', 'acquire', mroot]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `scheduled retro: took over the lock of pid ${dead}, which is no longer running\n`,
    );
  });

  it('--pid names the owner; a bad one is a usage error', async () => {
    const mroot = project();
    const run = await runCli(['schedule', 'lock', 'acquire', mroot, '--pid', String(process.pid)]);
    expect(run.code).toBe(0);
    expect((await runCli(['schedule', 'lock', 'acquire', mroot])).code).toBe(2);
    const bad = await runCli(['schedule', 'lock', 'acquire', mroot, '--pid', 'me']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--pid takes a process id such as 4242, got 'me'/);
  });
});
