import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, lockPathFor, withLock } from './lock.js';

describe('file locks', () => {
  it('serialises writers: read-modify-write under the lock loses no increment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retrospect-lock-'));
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

  it('takes over a stale lock left by a dead process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retrospect-lock-'));
    const target = join(dir, 'file');
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.on('exit', r));
    writeFileSync(lockPathFor(target), `${child.pid}\n${(await import('node:os')).hostname()}\n`);
    const release = await acquireLock(target, { timeoutMs: 2000 });
    release();
  });

  it('takes over a lock older than staleMs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retrospect-lock-'));
    const target = join(dir, 'file');
    writeFileSync(lockPathFor(target), '1\nother-host\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPathFor(target), old, old);
    const release = await acquireLock(target, { staleMs: 1000, timeoutMs: 2000 });
    release();
  });

  it('times out while a live holder keeps the lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retrospect-lock-'));
    const target = join(dir, 'file');
    const release = await acquireLock(target);
    await expect(acquireLock(target, { timeoutMs: 100 })).rejects.toThrow(/could not take the lock/);
    release();
  });
});
