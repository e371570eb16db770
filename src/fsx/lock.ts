import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { sleep, sleepSync } from './sleep.js';
import { uniqueToken } from './unique-token.js';

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

/** The lock sits beside the file it protects: the directory `<path>.lock`. */
export function lockPathFor(path: string): string {
  return `${path}.lock`;
}

/*
 * How the lock works, and why a takeover can never remove a lock other than the stale one it judged.
 *
 * The lock of `file` is the directory `file.lock` holding exactly one owner file, named uniquely per claim
 * (`owner.<pid>.<random>`) and containing `pid\nhost\n`. The lock is held exactly while that directory
 * is non-empty.
 *
 * 1. Claim: build the directory with its owner file under a private name beside the lock, then rename(2)
 *    it onto `file.lock`. rename is atomic and replaces a directory only when that directory is empty, so
 *    it succeeds only while the lock is free (missing, or emptied by a release or takeover), and of
 *    several racing claimers exactly one wins. A held lock is never empty, not even for an instant.
 * 2. Free: the only way to free a lock is to unlink its owner file by name — the holder on release, or a
 *    waiter that judged that very owner gone. The name is unique to one claim, so unlink(`file.lock/<name>`)
 *    can only ever remove that claim: if the lock was freed and claimed again meanwhile, the new owner file
 *    has another name and the unlink finds nothing. There is no window between judging and removing in
 *    which a fresh lock can be hit, however slow the waiter is (the old scheme unlinked `file.lock`
 *    itself, and so could remove a lock claimed a moment after it judged the previous one stale).
 * 3. A judgement of "gone" stays true: an owner file is never touched after its claim, so its age only
 *    grows, and a dead pid stays dead (a reused pid looks alive, which only makes us wait).
 * 4. Tidy-up: after freeing, rmdir(2) removes the emptied directory; rmdir removes only an empty
 *    directory, so it can never remove a held lock. If it loses a race, the next claim replaces the empty
 *    directory anyway.
 *
 * Older releases used a plain file at `file.lock`. Such a file is still honoured and taken over when its
 * holder is gone; unlinking `file.lock` blindly is safe here because this code never creates a file there
 * (unlink fails on a directory), so it can only remove the legacy lock.
 */

interface Claim {
  /** The private directory that is renamed onto the lock path. */
  dir: string;
  owner: string;
}

/** Builds a claim beside the lock: a directory holding its owner file, ready to be renamed into place. */
function prepareClaim(lockPath: string): Claim {
  const token = uniqueToken();
  const dir = join(dirname(lockPath), `.${basename(lockPath)}.${token}.claim`);
  const owner = `owner.${token}`;
  mkdirSync(dir);
  try {
    writeFileSync(join(dir, owner), `${process.pid}\n${hostname()}\n`, { flag: 'wx' });
  } catch (error) {
    rmdirSync(dir);
    throw error;
  }
  return { dir, owner };
}

function discardClaim(claim: Claim): void {
  unlinkQuietly(join(claim.dir, claim.owner));
  try {
    rmdirSync(claim.dir);
  } catch {
    // Already gone.
  }
}

function unlinkQuietly(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    // Gone already (someone else freed it), or a directory where a legacy file was expected.
    return false;
  }
}

/** True when the owner recorded in `path` is gone: older than `staleMs`, or a dead pid on this host. */
function holderIsGone(path: string, staleMs: number): boolean {
  try {
    const age = Date.now() - statSync(path).mtimeMs;
    if (age > staleMs) return true;
    const [pid, host] = readFileSync(path, 'utf8').split('\n');
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

/** Frees the lock when its holder is gone (see the argument above); true when something was removed. */
function takeOverIfGone(lockPath: string, staleMs: number): boolean {
  let owners: string[];
  try {
    owners = readdirSync(lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    if (code !== 'ENOTDIR') throw error;
    return holderIsGone(lockPath, staleMs) && unlinkQuietly(lockPath);
  }
  let freed = false;
  for (const owner of owners) {
    const ownerPath = join(lockPath, owner);
    if (holderIsGone(ownerPath, staleMs) && unlinkQuietly(ownerPath)) freed = true;
  }
  return freed;
}

const BUSY = new Set(['ENOTEMPTY', 'EEXIST', 'ENOTDIR']);

/** One claim attempt; when the lock is held by someone gone, frees it and tries once more. */
function tryClaim(lockPath: string, staleMs: number): Claim | undefined {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const claim = prepareClaim(lockPath);
    try {
      renameSync(claim.dir, lockPath);
      return claim;
    } catch (error) {
      discardClaim(claim);
      if (!BUSY.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
    if (!takeOverIfGone(lockPath, staleMs)) return undefined;
  }
  return undefined;
}

function releaser(lockPath: string, claim: Claim): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Removes our owner file only: if we were taken over as stale, the new holder's file has another name.
    unlinkQuietly(join(lockPath, claim.owner));
    try {
      rmdirSync(lockPath);
    } catch {
      // Claimed again already (not empty), or tidied by someone else.
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
  for (;;) {
    const claim = tryClaim(lockPath, staleMs);
    if (claim) return releaser(lockPath, claim);
    if (Date.now() > deadline) throw new LockTimeoutError(lockPath);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, maxPollMs);
  }
}

/** Synchronous variant for short-lived processes (hook handlers) that must not start an event loop dance. */
export function acquireLockSync(path: string, options: LockOptions = {}): () => void {
  const { staleMs, timeoutMs } = { ...DEFAULTS, ...options };
  const maxPollMs = options.maxPollMs ?? 50;
  const lockPath = lockPathFor(path);
  const deadline = Date.now() + timeoutMs;
  let delay = Math.min(1, maxPollMs);
  for (;;) {
    const claim = tryClaim(lockPath, staleMs);
    if (claim) return releaser(lockPath, claim);
    if (Date.now() > deadline) throw new LockTimeoutError(lockPath);
    sleepSync(delay + Math.random() * delay);
    delay = Math.min(delay * 2, maxPollMs);
  }
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
