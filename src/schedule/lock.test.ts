import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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

function plant(mainCheckout: string, text: string): void {
  mkdirSync(scheduledRetroDir(mainCheckout), { recursive: true });
  writeFileSync(scheduledLockPath(mainCheckout), text);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('acquireScheduledLock', () => {
  it('reads a FIFO or a symbolic link planted as the lock as corrupt at once, and takes over the FIFO', () => {
    for (const kind of ['fifo', 'link'] as const) {
      const mainCheckout = project();
      mkdirSync(scheduledRetroDir(mainCheckout), { recursive: true });
      if (kind === 'fifo') spawnSync('mkfifo', [scheduledLockPath(mainCheckout)]);
      else {
        const elsewhere = join(tempDir('retrospect-sched-elsewhere-'), 'lock');
        writeFileSync(elsewhere, `${process.pid}\n${nowSeconds()}\n${hostname()}\ntoken\n`);
        symlinkSync(elsewhere, scheduledLockPath(mainCheckout));
      }
      const started = Date.now();
      expect(readScheduledLock(mainCheckout), kind).toBe('corrupt');
      if (kind === 'link') {
        // The link's target is never read as the lock, and nothing is written through it.
        expect(() => acquireScheduledLock(mainCheckout)).toThrow(/resolves outside the project/);
        continue;
      }
      const result = acquireScheduledLock(mainCheckout);
      expect(result.ok && result.tookOver?.reason, kind).toBe('corrupt');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(releaseScheduledLock(mainCheckout)).toEqual({ released: true });
    }
  });

  it('writes pid and epoch on the first two lines (the kept layout), then host and token', () => {
    const mainCheckout = project();
    const result = acquireScheduledLock(mainCheckout, { pid: 4242 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = readFileSync(scheduledLockPath(mainCheckout), 'utf8').split('\n');
    expect(lines[0]).toBe('4242');
    expect(Math.abs(Number(lines[1]) - nowSeconds())).toBeLessThanOrEqual(1);
    expect(lines[2]).toBe(hostname());
    expect(lines[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[3]).toBe(result.lock.token);
    // Only the lock itself is left: no temp file from the claim.
    expect(readdirSync(scheduledRetroDir(mainCheckout)).filter((n) => n !== '.gitignore')).toEqual([
      'scheduled.lock',
    ]);
  });

  it('reports a fresh lock as held, with its holder, and leaves it alone', () => {
    const mainCheckout = project();
    const epoch = nowSeconds() - 60;
    plant(mainCheckout, `777\n${epoch}\nbuild-box\n`);
    const result = acquireScheduledLock(mainCheckout);
    expect(result).toEqual({
      ok: false,
      reason: 'held',
      holder: { pid: 777, epoch, host: 'build-box', token: undefined },
    });
    expect(readFileSync(scheduledLockPath(mainCheckout), 'utf8')).toBe(`777\n${epoch}\nbuild-box\n`);
  });

  it('holds a lock just under the 2 h TTL and takes over one just past it', () => {
    const mainCheckout = project();
    plant(mainCheckout, `777\n${nowSeconds() - LOCK_TTL_SECONDS + 30}\n`);
    expect(acquireScheduledLock(mainCheckout).ok).toBe(false);
    plant(mainCheckout, `777\n${nowSeconds() - LOCK_TTL_SECONDS - 1}\n`);
    const result = acquireScheduledLock(mainCheckout);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tookOver?.reason).toBe('stale');
    expect(result.tookOver?.previous?.pid).toBe(777);
    expect(readScheduledLock(mainCheckout)).toMatchObject({ pid: process.pid, token: result.lock.token });
    expect(readdirSync(scheduledRetroDir(mainCheckout)).filter((n) => n !== '.gitignore')).toEqual([
      'scheduled.lock',
    ]);
  });

  it.each([
    ['an empty file', ''],
    ['garbage', 'not a lock at all'],
    ['a non-numeric epoch', '123\nyesterday\n'],
    ['a zero epoch', '123\n0\n'],
  ])('takes over a corrupt lock: %s', (_name, text) => {
    const mainCheckout = project();
    plant(mainCheckout, text);
    const result = acquireScheduledLock(mainCheckout);
    expect(result.ok && result.tookOver?.reason).toBe('corrupt');
  });

  it('takes over a lock stamped far in the future (clock jump)', () => {
    const mainCheckout = project();
    plant(mainCheckout, `9\n${nowSeconds() + 3 * LOCK_TTL_SECONDS}\n`);
    expect(acquireScheduledLock(mainCheckout).ok).toBe(true);
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

describe('who holds the lock', () => {
  /** The pid of a process that has exited (and so is not running on this host). */
  function deadPid(): number {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    return Number(child.stdout.toString());
  }

  it('on this host a live holder keeps the lock whatever its age', () => {
    const mainCheckout = project();
    // Past a short TTL rather than 2 h ago: a lock from before the last boot is rightly judged dead, and a
    // fresh machine may have booted less than 2 h ago.
    const old = nowSeconds() - 30;
    plant(mainCheckout, `${process.pid}\n${old}\n${hostname()}\nabc\n`);
    expect(acquireScheduledLock(mainCheckout, { ttlSeconds: 10 })).toMatchObject({
      ok: false,
      reason: 'held',
      holder: { pid: process.pid },
    });
    expect(readScheduledLock(mainCheckout)).toMatchObject({ pid: process.pid, epoch: old });
  });

  it("on this host a dead holder's fresh lock is taken over at once", () => {
    const mainCheckout = project();
    const pid = deadPid();
    plant(mainCheckout, `${pid}\n${nowSeconds() - 5}\n${hostname()}\nabc\n`);
    const result = acquireScheduledLock(mainCheckout);
    expect(result).toMatchObject({ ok: true, tookOver: { reason: 'dead', previous: { pid } } });
    expect(readdirSync(scheduledRetroDir(mainCheckout)).filter((n) => n !== '.gitignore')).toEqual([
      'scheduled.lock',
    ]);
  });

  it('a lock taken before this machine booted is free, even if its pid is alive now (reused)', () => {
    const mainCheckout = project();
    const booted = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    plant(mainCheckout, `1\n${booted - 60}\n${hostname()}\n`);
    expect(acquireScheduledLock(mainCheckout, { ttlSeconds: 10 * 365 * 86_400 })).toMatchObject({
      ok: true,
      tookOver: { reason: 'dead' },
    });
  });

  it('across hosts, and for a seed-format lock without a host, the 2 h age rule stands', () => {
    const dead = deadPid();
    for (const host of ['\nbuild-box', '']) {
      const fresh = project();
      plant(fresh, `${dead}\n${nowSeconds() - 60}${host}\n`);
      expect(acquireScheduledLock(fresh)).toMatchObject({ ok: false, reason: 'held' });
      const old = project();
      plant(old, `${process.pid}\n${nowSeconds() - LOCK_TTL_SECONDS - 1}${host}\n`);
      expect(acquireScheduledLock(old)).toMatchObject({ ok: true, tookOver: { reason: 'stale' } });
    }
  });
});

describe('a lock path that cannot be a lock', () => {
  it('a folder at the lock path is a clear error, for acquire, release and read alike', () => {
    const mainCheckout = project();
    mkdirSync(scheduledLockPath(mainCheckout), { recursive: true });
    const message = `cannot use the scheduled-run lock ${scheduledLockPath(mainCheckout)}: it is a folder, not a lock file (a lock is a file holding a pid and a time): move the folder away`;
    expect(() => acquireScheduledLock(mainCheckout)).toThrow(message);
    expect(() => releaseScheduledLock(mainCheckout, { force: true })).toThrow(message);
    expect(() => readScheduledLock(mainCheckout)).toThrow(message);
  });

  it('a file where the .claude/retro folder must be is a clear error', () => {
    const mainCheckout = project();
    mkdirSync(join(mainCheckout, '.claude'));
    writeFileSync(join(mainCheckout, '.claude', 'retro'), 'not a folder');
    expect(() => acquireScheduledLock(mainCheckout)).toThrow(
      /^cannot use the scheduled-run lock .*: a file stands where a folder must be \(.*\.claude\/retro\): move it away$/,
    );
  });
});

describe('releaseScheduledLock', () => {
  it('releases by token; a wrong token leaves the lock in place', () => {
    const mainCheckout = project();
    const result = acquireScheduledLock(mainCheckout, { pid: 999_999 });
    if (!result.ok) throw new Error('expected the lock');
    expect(releaseScheduledLock(mainCheckout, { token: 'f'.repeat(32) })).toMatchObject({
      released: false,
      reason: 'not-ours',
    });
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(true);
    expect(releaseScheduledLock(mainCheckout, { token: result.lock.token })).toEqual({ released: true });
    expect(existsSync(scheduledLockPath(mainCheckout))).toBe(false);
  });

  it('releases by pid on this host, not a lock of another pid or host', () => {
    const mainCheckout = project();
    acquireScheduledLock(mainCheckout, { pid: 31337 });
    expect(releaseScheduledLock(mainCheckout, { pid: 31338 }).released).toBe(false);
    expect(releaseScheduledLock(mainCheckout, { pid: 31337 }).released).toBe(true);
    plant(mainCheckout, `31337\n${nowSeconds()}\nanother-host\n`);
    expect(releaseScheduledLock(mainCheckout, { pid: 31337 }).released).toBe(false);
  });

  it('double release is harmless: the second one finds nothing to release', () => {
    const mainCheckout = project();
    acquireScheduledLock(mainCheckout);
    expect(releaseScheduledLock(mainCheckout)).toEqual({ released: true });
    expect(releaseScheduledLock(mainCheckout)).toEqual({ released: false, reason: 'not-held' });
  });

  it('force removes any lock, even a corrupt one', () => {
    const mainCheckout = project();
    plant(mainCheckout, 'garbage');
    expect(releaseScheduledLock(mainCheckout).released).toBe(false);
    expect(releaseScheduledLock(mainCheckout, { force: true })).toEqual({ released: true });
    expect(readScheduledLock(mainCheckout)).toBe('missing');
  });
});

describe('concurrent claims (separate processes)', { tags: ['race'] }, () => {
  // Each process waits for a common start instant, then claims: the claims really overlap in time. Each
  // says how it fared and stays alive until every claim is over (its stdin closes): on this host a lock
  // whose holder exited is free at once, and a late starter would rightly take it.
  const claimer = `
    import { acquireScheduledLock } from ${JSON.stringify(join(REPO_ROOT, 'dist', 'schedule', 'lock.js'))};
    const [mainCheckout, at] = process.argv.slice(1);
    while (Date.now() < Number(at)) {}
    process.stdout.write(acquireScheduledLock(mainCheckout).ok ? '0' : '2');
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));
  `;

  function claim(mainCheckout: string, at: number): { child: ChildProcess; code: Promise<number> } {
    const child = spawn(process.execPath, ['--input-type=module', '-e', claimer, mainCheckout, String(at)]);
    const code = new Promise<number>((resolve, reject) => {
      child.on('error', reject);
      child.stdout?.once('data', (b: Buffer) => resolve(Number(b.toString())));
      child.on('exit', () => resolve(-1));
    });
    return { child, code };
  }

  async function race(mainCheckout: string, n: number): Promise<number[]> {
    const at = Date.now() + 700;
    const claims = Array.from({ length: n }, () => claim(mainCheckout, at));
    const codes = await Promise.all(claims.map((c) => c.code));
    await Promise.all(
      claims.map(
        ({ child }) =>
          new Promise((resolve) => {
            child.on('exit', resolve);
            child.stdin?.end();
          }),
      ),
    );
    return codes;
  }

  it('exactly one of twelve processes gets a free lock; the rest see it held', async () => {
    const mainCheckout = project();
    const codes = await race(mainCheckout, 12);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2)).toHaveLength(11);
  });

  it('exactly one of twelve processes takes over a stale lock', async () => {
    const mainCheckout = project();
    plant(mainCheckout, `1\n${nowSeconds() - LOCK_TTL_SECONDS - 100}\n`);
    const codes = await race(mainCheckout, 12);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2)).toHaveLength(11);
    expect(readdirSync(scheduledRetroDir(mainCheckout)).filter((n) => n !== '.gitignore')).toEqual([
      'scheduled.lock',
    ]);
  });
});
