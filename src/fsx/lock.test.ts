import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { acquireLock, lockPathFor, withLock } from './lock.js';

describe('file locks', () => {
  it('serialises writers: read-modify-write under the lock loses no increment', async () => {
    const dir = tempDir('retrospect-lock-');
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    await Promise.all(
      Array.from({ length: 40 }, () =>
        withLock(counter, async () => {
          const n = Number(readFileSync(counter, 'utf8'));
          await new Promise((r) => setTimeout(r, 1));
          writeFileSync(counter, String(n + 1));
        }),
      ),
    );
    expect(readFileSync(counter, 'utf8')).toBe('40');
  });

  it('holds the lock as a directory with one owner file, and leaves nothing behind on release', async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    const release = await acquireLock(target);
    expect(readdirSync(dir)).toEqual(['file.lock']);
    const owners = readdirSync(lockPathFor(target));
    expect(owners).toHaveLength(1);
    expect(readFileSync(join(lockPathFor(target), owners[0] ?? ''), 'utf8')).toBe(
      `${process.pid}\n${hostname()}\n`,
    );
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    const script = `import { acquireLockSync } from ${JSON.stringify(join(REPO_ROOT, 'dist', 'fsx', 'lock.js'))};
      acquireLockSync(process.argv[1]);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, target]);
    expect(await new Promise((r) => child.on('exit', r))).toBe(0);
    expect(existsSync(lockPathFor(target))).toBe(true);
    const release = await acquireLock(target, { timeoutMs: 2000 });
    expect(readdirSync(lockPathFor(target))).toHaveLength(1);
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock file of an older release left by a dead process', async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.on('exit', r));
    writeFileSync(lockPathFor(target), `${child.pid}\n${hostname()}\n2026-01-01T00:00:00.000Z\n`);
    const release = await acquireLock(target, { timeoutMs: 2000 });
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits for a live lock file of an older release', async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    writeFileSync(lockPathFor(target), `${process.pid}\n${hostname()}\n`);
    await expect(acquireLock(target, { timeoutMs: 100 })).rejects.toThrow(/could not take the lock/);
    expect(readFileSync(lockPathFor(target), 'utf8')).toBe(`${process.pid}\n${hostname()}\n`);
  });

  it('takes over a lock older than staleMs', async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    const slow = await acquireLock(target);
    const [owner] = readdirSync(lockPathFor(target));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(lockPathFor(target), owner ?? ''), old, old);
    const release = await acquireLock(target, { staleMs: 1000, timeoutMs: 2000 });
    release();
    slow();
  });

  it("a holder taken over as stale does not remove the new holder's lock when it finally releases", async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    const slow = await acquireLock(target);
    const [owner] = readdirSync(lockPathFor(target));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(lockPathFor(target), owner ?? ''), old, old);
    const current = await acquireLock(target, { staleMs: 1000, timeoutMs: 2000 });
    slow();
    await expect(acquireLock(target, { staleMs: 1000, timeoutMs: 100 })).rejects.toThrow(/could not take/);
    current();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('times out while a live holder keeps the lock', async () => {
    const dir = tempDir('retrospect-lock-');
    const target = join(dir, 'file');
    const release = await acquireLock(target);
    await expect(acquireLock(target, { timeoutMs: 100 })).rejects.toThrow(/could not take the lock/);
    release();
  });
});
