import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { sleep, sleepSync } from './sleep.js';

export interface LockOptions {
  /** A lock older than this is taken over (its holder died without releasing it). */
  staleMs?: number;
  /** How long to keep trying before giving up with a LockTimeoutError. */
  timeoutMs?: number;
  /**
   * The longest pause between claim attempts (backoff doubles up to it). Writers that hold the lock for a
   * millisecond or two, like ledger appends, poll often so that waiters do not sleep through free windows.
   */
  maxPollMs?: number;
}

export class LockTimeoutError extends Error {
  constructor(readonly lockPath: string) {
    super(`could not take the lock ${lockPath} in time (another writer holds it)`);
    this.name = 'LockTimeoutError';
  }
}

const DEFAULTS = { staleMs: 30_000, timeoutMs: 15_000 };

/** The lock file sits beside the file it protects. */
export function lockPathFor(path: string): string {
  return `${path}.lock`;
}

function holderIsGone(lockPath: string, staleMs: number): boolean {
  try {
    const age = Date.now() - statSync(lockPath).mtimeMs;
    if (age > staleMs) return true;
    const [pid, host] = readFileSync(lockPath, 'utf8').split('\n');
    if (host === hostname() && pid && /^\d+$/.test(pid)) {
      try {
        process.kill(Number(pid), 0);
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ESRCH';
      }
    }
    return false;
  } catch {
    // Vanished between our failed claim and this look: the next claim will tell.
    return false;
  }
}

/** One claim attempt: O_EXCL creation is atomic, so exactly one process wins. */
function tryClaim(lockPath: string, staleMs: number): boolean {
  try {
    const fd = openSync(lockPath, 'wx');
    try {
      writeSync(fd, `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (holderIsGone(lockPath, staleMs)) {
      try {
        unlinkSync(lockPath);
      } catch {
        // Someone else removed it first; retry the claim.
      }
    }
    return false;
  }
}

function releaser(lockPath: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone (taken over as stale); nothing to release.
    }
  };
}

/** Takes an exclusive lock on `path` (a `<path>.lock` file), waiting with backoff. */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<() => void> {
  const { staleMs, timeoutMs } = { ...DEFAULTS, ...options };
  const maxPollMs = options.maxPollMs ?? 100;
  const lockPath = lockPathFor(path);
  const deadline = Date.now() + timeoutMs;
  let delay = Math.min(2, maxPollMs);
  while (!tryClaim(lockPath, staleMs)) {
    if (Date.now() > deadline) throw new LockTimeoutError(lockPath);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, maxPollMs);
  }
  return releaser(lockPath);
}

/** Synchronous variant for short-lived processes (hook handlers) that must not start an event loop dance. */
export function acquireLockSync(path: string, options: LockOptions = {}): () => void {
  const { staleMs, timeoutMs } = { ...DEFAULTS, ...options };
  const maxPollMs = options.maxPollMs ?? 50;
  const lockPath = lockPathFor(path);
  const deadline = Date.now() + timeoutMs;
  let delay = Math.min(1, maxPollMs);
  while (!tryClaim(lockPath, staleMs)) {
    if (Date.now() > deadline) throw new LockTimeoutError(lockPath);
    sleepSync(delay + Math.random() * delay);
    delay = Math.min(delay * 2, maxPollMs);
  }
  return releaser(lockPath);
}

/** Runs `fn` while holding the lock on `path`; the lock is released on every exit path. */
export async function withLock<T>(path: string, fn: () => Promise<T> | T, options?: LockOptions): Promise<T> {
  const release = await acquireLock(path, options);
  try {
    return await fn();
  } finally {
    release();
  }
}

export function withLockSync<T>(path: string, fn: () => T, options?: LockOptions): T {
  const release = acquireLockSync(path, options);
  try {
    return fn();
  } finally {
    release();
  }
}
