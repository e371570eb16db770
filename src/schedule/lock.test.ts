import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import {
  acquireScheduledLock,
  LOCK_TTL_SECONDS,
  parseLockRecord,
  readScheduledLock,
  releaseScheduledLock,
} from './lock.js';
import { scheduledLockPath, scheduledRetroDir } from './paths.js';

function project(): string {
  return tempDir('retrospect-sched-lock-');
}

function plant(mroot: string, text: string): void {
  mkdirSync(scheduledRetroDir(mroot), { recursive: true });
  writeFileSync(scheduledLockPath(mroot), text);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('acquireScheduledLock', () => {
  it('writes pid and epoch on the first two lines (the kept layout), then host and token', () => {
    const mroot = project();
    const result = acquireScheduledLock(mroot, { pid: 4242 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = readFileSync(scheduledLockPath(mroot), 'utf8').split('\n');
    expect(lines[0]).toBe('4242');
    expect(Math.abs(Number(lines[1]) - nowSeconds())).toBeLessThanOrEqual(1);
    expect(lines[2]).toBe(hostname());
    expect(lines[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[3]).toBe(result.lock.token);
    // Only the lock itself is left: no temp file from the claim.
    expect(readdirSync(scheduledRetroDir(mroot))).toEqual(['scheduled.lock']);
  });

  it('reports a fresh lock as held, with its holder, and leaves it alone', () => {
    const mroot = project();
    const epoch = nowSeconds() - 60;
    plant(mroot, `777\n${epoch}\nbuild-box\n`);
    const result = acquireScheduledLock(mroot);
    expect(result).toEqual({
      ok: false,
      reason: 'held',
      holder: { pid: 777, epoch, host: 'build-box', token: undefined },
    });
    expect(readFileSync(scheduledLockPath(mroot), 'utf8')).toBe(`777\n${epoch}\nbuild-box\n`);
  });

  it('holds a lock just under the 2 h TTL and takes over one just past it', () => {
    const mroot = project();
    plant(mroot, `777\n${nowSeconds() - LOCK_TTL_SECONDS + 30}\n`);
    expect(acquireScheduledLock(mroot).ok).toBe(false);
    plant(mroot, `777\n${nowSeconds() - LOCK_TTL_SECONDS - 1}\n`);
    const result = acquireScheduledLock(mroot);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tookOver?.reason).toBe('stale');
    expect(result.tookOver?.previous?.pid).toBe(777);
    expect(readScheduledLock(mroot)).toMatchObject({ pid: process.pid, token: result.lock.token });
    expect(readdirSync(scheduledRetroDir(mroot))).toEqual(['scheduled.lock']);
  });

  it.each([
    ['an empty file', ''],
    ['garbage', 'not a lock at all'],
    ['a non-numeric epoch', '123\nyesterday\n'],
    ['a zero epoch', '123\n0\n'],
  ])('takes over a corrupt lock: %s', (_name, text) => {
    const mroot = project();
    plant(mroot, text);
    const result = acquireScheduledLock(mroot);
    expect(result.ok && result.tookOver?.reason).toBe('corrupt');
  });

  it('takes over a lock stamped far in the future (clock jump)', () => {
    const mroot = project();
    plant(mroot, `9\n${nowSeconds() + 3 * LOCK_TTL_SECONDS}\n`);
    expect(acquireScheduledLock(mroot).ok).toBe(true);
  });

  it('reads CRLF lock files written on another system', () => {
    expect(parseLockRecord('12\r\n1700000000\r\nhost\r\n')).toEqual({
      pid: 12,
      epoch: 1700000000,
      host: 'host',
      token: undefined,
    });
  });
});

describe('releaseScheduledLock', () => {
  it('releases by token; a wrong token leaves the lock in place', () => {
    const mroot = project();
    const result = acquireScheduledLock(mroot, { pid: 999_999 });
    if (!result.ok) throw new Error('expected the lock');
    expect(releaseScheduledLock(mroot, { token: 'f'.repeat(32) })).toMatchObject({
      released: false,
      reason: 'not-ours',
    });
    expect(existsSync(scheduledLockPath(mroot))).toBe(true);
    expect(releaseScheduledLock(mroot, { token: result.lock.token })).toEqual({ released: true });
    expect(existsSync(scheduledLockPath(mroot))).toBe(false);
  });

  it('releases by pid on this host, not a lock of another pid or host', () => {
    const mroot = project();
    acquireScheduledLock(mroot, { pid: 31337 });
    expect(releaseScheduledLock(mroot, { pid: 31338 }).released).toBe(false);
    expect(releaseScheduledLock(mroot, { pid: 31337 }).released).toBe(true);
    plant(mroot, `31337\n${nowSeconds()}\nanother-host\n`);
    expect(releaseScheduledLock(mroot, { pid: 31337 }).released).toBe(false);
  });

  it('double release is harmless: the second one finds nothing to release', () => {
    const mroot = project();
    acquireScheduledLock(mroot);
    expect(releaseScheduledLock(mroot)).toEqual({ released: true });
    expect(releaseScheduledLock(mroot)).toEqual({ released: false, reason: 'not-held' });
  });

  it('force removes any lock, even a corrupt one', () => {
    const mroot = project();
    plant(mroot, 'garbage');
    expect(releaseScheduledLock(mroot).released).toBe(false);
    expect(releaseScheduledLock(mroot, { force: true })).toEqual({ released: true });
    expect(readScheduledLock(mroot)).toBe('missing');
  });
});

describe('concurrent claims (separate processes)', { tags: ['race'] }, () => {
  // Each process waits for a common start instant, then claims: the claims really overlap in time.
  const claimer = `
    import { acquireScheduledLock } from ${JSON.stringify(join(REPO_ROOT, 'dist', 'schedule', 'lock.js'))};
    const [mroot, at] = process.argv.slice(1);
    while (Date.now() < Number(at)) {}
    process.exit(acquireScheduledLock(mroot).ok ? 0 : 2);
  `;

  function claim(mroot: string, at: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', claimer, mroot, String(at)]);
      child.on('error', reject);
      child.on('exit', (code) => resolve(code ?? -1));
    });
  }

  async function race(mroot: string, n: number): Promise<number[]> {
    const at = Date.now() + 700;
    return Promise.all(Array.from({ length: n }, () => claim(mroot, at)));
  }

  it('exactly one of twelve processes gets a free lock; the rest see it held', async () => {
    const mroot = project();
    const codes = await race(mroot, 12);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2)).toHaveLength(11);
  });

  it('exactly one of twelve processes takes over a stale lock', async () => {
    const mroot = project();
    plant(mroot, `1\n${nowSeconds() - LOCK_TTL_SECONDS - 100}\n`);
    const codes = await race(mroot, 12);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2)).toHaveLength(11);
    expect(readdirSync(scheduledRetroDir(mroot))).toEqual(['scheduled.lock']);
  });
});
