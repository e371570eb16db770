import { randomBytes } from 'node:crypto';
import { linkSync, renameSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../errors/errors.js';
import {
  ensureInsideProject,
  LockTimeoutError,
  makeDirsSync,
  publishFileExclusive,
  withLockSync,
} from '../fsx/index.js';
import {
  FileTooLargeError,
  LinkRefusedError,
  NotRegularFileError,
  readRegularText,
} from '../fsx/read-regular.js';
import { holderLiveness } from './holder.js';
import { scheduledLockPath, scheduledRetroDir } from './paths.js';

/** A lock younger than this (seconds) is held; an older one was left by a run that died. */
export const LOCK_TTL_SECONDS = 7200;

/** The exact line a scheduled run prints when another run holds the lock. */
export const LOCK_HELD_MESSAGE = 'scheduled retro: lock held, skipping';

/** What a lock file says: `pid\nepoch\n` (docs/design/session-retro.md §7), then our host and owner token. */
export interface LockRecord {
  pid: number;
  /** Seconds since the Unix epoch when the lock was taken. */
  epoch: number;
  host: string | undefined;
  token: string | undefined;
}

/** A lock this process holds; `token` proves ownership when another process releases it. */
export interface HeldScheduledLock extends LockRecord {
  path: string;
  host: string;
  token: string;
}

export type LockAcquisition =
  | {
      ok: true;
      lock: HeldScheduledLock;
      /** `stale`: older than the TTL; `dead`: its holder on this host is no longer running; `corrupt`: unreadable. */
      tookOver: { reason: 'stale' | 'dead' | 'corrupt'; previous?: LockRecord } | undefined;
    }
  | { ok: false; reason: 'held'; holder: LockRecord | undefined };

export type LockRelease =
  | { released: true }
  | { released: false; reason: 'not-held' | 'not-ours' | 'busy'; holder?: LockRecord | undefined };

export interface AcquireOptions {
  /** The pid recorded as owner (default: this process). */
  pid?: number;
  /** Clock in milliseconds (tests). */
  now?: () => number;
  ttlSeconds?: number;
}

const WHOLE = /^\d+$/;

/**
 * The text of a lock file, read as the tool's own file: a FIFO, a device or a symbolic link planted at the
 * lock's path (which would block the read, or lead elsewhere) reads as '' — a corrupt lock, taken over
 * like any other. ENOENT passes through.
 */
function readLockText(path: string): string {
  try {
    return readRegularText(path, { noFollow: true, maxBytes: 4096 });
  } catch (error) {
    // A folder stays the clear error it always was (the user must move it away); nothing reads it.
    if (error instanceof NotRegularFileError && error.kind === 'a folder')
      throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), {
        code: 'EISDIR',
        syscall: 'read',
        path,
      });
    if (error instanceof NotRegularFileError || error instanceof LinkRefusedError) return '';
    if (error instanceof FileTooLargeError) return '';
    throw error;
  }
}

/** Parses a lock file's text; undefined when it is corrupt (no positive pid and epoch on lines 1–2). */
export function parseLockRecord(text: string): LockRecord | undefined {
  const [pid, epoch, host, token] = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (!pid || !epoch || !WHOLE.test(pid) || !WHOLE.test(epoch)) return undefined;
  if (Number(pid) <= 0 || Number(epoch) <= 0) return undefined;
  return { pid: Number(pid), epoch: Number(epoch), host: host || undefined, token: token || undefined };
}

type LockLook =
  | { state: 'missing'; text?: undefined }
  | { state: 'corrupt'; text: string }
  | { state: 'fresh' | 'stale' | 'dead'; record: LockRecord; text: string };

/** What a file-system error at the lock means for the person running the command. */
function unusableLock(path: string, error: NodeJS.ErrnoException): InputError {
  const where = error.path && error.path !== path ? ` (${error.path})` : '';
  const why: Record<string, string> = {
    EISDIR:
      'it is a folder, not a lock file (a lock is a file holding a pid and a time): move the folder away',
    ENOTDIR: `a file stands where a folder must be${where}: move it away`,
    EACCES: `permission denied${where}: check the folder's owner and mode`,
    EPERM: `operation not permitted${where}: check the folder's owner and mode`,
    EROFS: `the file system is read-only${where}`,
  };
  return new InputError(
    `cannot use the scheduled-run lock ${path}: ${why[error.code ?? ''] ?? `${error.code ?? error.message}${where}`}`,
    { cause: error },
  );
}

function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && 'syscall' in error
  );
}

function look(path: string, nowSeconds: number, ttl: number): LockLook {
  let text: string;
  try {
    text = readLockText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw error;
  }
  const record = parseLockRecord(text);
  if (!record) return { state: 'corrupt', text };
  // On this host the holder itself answers: alive keeps the lock whatever its age (a run stalled on a slow
  // model is still the run), gone frees it at once. Across hosts, or for a seed-format lock that names no
  // host, only the age can tell.
  const liveness = holderLiveness(record);
  if (liveness === 'alive') return { state: 'fresh', record, text };
  if (liveness === 'dead') return { state: 'dead', record, text };
  // A lock stamped far in the future is as unusable as an old one (clock jumped, file edited).
  const age = nowSeconds - record.epoch;
  return { state: age < ttl && age > -ttl ? 'fresh' : 'stale', record, text };
}

function asideName(path: string, why: string): string {
  return `${path}.${why}.${process.pid}.${randomBytes(4).toString('hex')}`;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/** Puts a lock we moved aside back, unless someone published a new one meanwhile (never clobber). */
function putBack(aside: string, path: string): void {
  try {
    linkSync(aside, path);
  } catch {
    // The live path is taken again; the newer lock stands.
  }
  removeQuietly(aside);
}

/**
 * Serialises every removal of the lock (takeovers and releases); held for microseconds, so 10 s old means
 * its holder died.
 */
const TAKEOVER_GUARD = { staleMs: 10_000, timeoutMs: 5_000 };

function takeoverGuardPath(mainCheckout: string): string {
  return join(scheduledRetroDir(mainCheckout), 'scheduled-takeover');
}

/**
 * Takes the scheduled-run lock of `mainCheckout` (`.claude/retro/scheduled.lock`). The claim publishes a
 * complete file with link(2), so it is atomic and no reader ever sees an empty lock. A lock older than
 * the TTL, or one that cannot be parsed, is taken over under a short guard lock that every removal of the
 * lock (takeover or release) holds, so the file judged stale is still the file at the path when it is
 * renamed aside: a takeover never removes a fresh lock. The renamed file is checked once more against
 * what was judged (defence against a hand edit) before the new lock is published.
 */
export function acquireScheduledLock(mainCheckout: string, options: AcquireOptions = {}): LockAcquisition {
  try {
    return acquire(mainCheckout, options);
  } catch (error) {
    if (isFileSystemError(error)) throw unusableLock(scheduledLockPath(mainCheckout), error);
    throw error;
  }
}

function acquire(mainCheckout: string, options: AcquireOptions): LockAcquisition {
  const path = scheduledLockPath(mainCheckout);
  const ttl = options.ttlSeconds ?? LOCK_TTL_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  const lock: HeldScheduledLock = {
    path,
    pid: options.pid ?? process.pid,
    epoch: nowSeconds,
    host: hostname(),
    token: randomBytes(16).toString('hex'),
  };
  const content = `${lock.pid}\n${lock.epoch}\n${lock.host}\n${lock.token}\n`;
  const dir = scheduledRetroDir(mainCheckout);
  ensureInsideProject(mainCheckout, path);
  makeDirsSync(dir);

  const takeOver = (): LockAcquisition | 'retry' => {
    const seen = look(path, nowSeconds, ttl);
    if (seen.state === 'missing') return 'retry';
    if (seen.state === 'fresh') return { ok: false, reason: 'held', holder: seen.record };
    const aside = asideName(path, 'stale');
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'retry';
      throw error;
    }
    const moved = look(aside, nowSeconds, ttl);
    if (moved.text !== seen.text) {
      // Released and claimed afresh between our look and the rename: that lock is live, give it back.
      putBack(aside, path);
      return { ok: false, reason: 'held', holder: moved.state === 'fresh' ? moved.record : undefined };
    }
    const won = publishFileExclusive(path, content);
    removeQuietly(aside);
    if (!won) {
      const now = look(path, nowSeconds, ttl);
      return { ok: false, reason: 'held', holder: now.state === 'fresh' ? now.record : undefined };
    }
    if (seen.state === 'corrupt')
      return { ok: true, lock, tookOver: { reason: 'corrupt', previous: undefined } };
    return { ok: true, lock, tookOver: { reason: seen.state, previous: seen.record } };
  };

  // A few rounds cover the races where the file vanishes between a failed claim and the next look.
  for (let round = 0; round < 5; round += 1) {
    if (publishFileExclusive(path, content)) return { ok: true, lock, tookOver: undefined };
    const seen = look(path, nowSeconds, ttl);
    if (seen.state === 'missing') continue;
    if (seen.state === 'fresh') return { ok: false, reason: 'held', holder: seen.record };
    let taken: LockAcquisition | 'retry';
    try {
      taken = withLockSync(takeoverGuardPath(mainCheckout), takeOver, TAKEOVER_GUARD);
    } catch (error) {
      if (error instanceof LockTimeoutError) return { ok: false, reason: 'held', holder: undefined };
      throw error;
    }
    if (taken !== 'retry') return taken;
  }
  return { ok: false, reason: 'held', holder: undefined };
}

export interface ReleaseOptions {
  /** The owner token printed by `acquire`; a lock with another token is left alone. */
  token?: string;
  /** Without a token: the lock is ours when it records this pid on this host (default: this process). */
  pid?: number;
  /** Remove the lock whoever holds it. */
  force?: boolean;
}

function isOurs(record: LockRecord | undefined, options: ReleaseOptions): boolean {
  if (options.force) return true;
  if (!record) return false;
  if (options.token !== undefined) return record.token === options.token;
  return record.pid === (options.pid ?? process.pid) && record.host === hostname();
}

/**
 * Releases the scheduled-run lock when it is ours (same token, or same pid on this host), or with
 * `force`. It runs under the same guard as a takeover: every removal of the lock (takeover or release)
 * holds the guard, and a claim only ever creates the file where none exists, so between our look and the
 * rename nobody can swap the file we judged for another. The file is still renamed aside and checked
 * again before it is deleted (a lock edited by hand in between is put back, never removed). Never throws
 * for a missing lock; `busy` when the guard could not be had in time.
 */
export function releaseScheduledLock(mainCheckout: string, options: ReleaseOptions = {}): LockRelease {
  ensureInsideProject(mainCheckout, scheduledLockPath(mainCheckout));
  // Nothing to release, and no folder to put the guard in: answer without taking it.
  if (readScheduledLock(mainCheckout) === 'missing') return { released: false, reason: 'not-held' };
  try {
    return withLockSync(
      takeoverGuardPath(mainCheckout),
      () => releaseGuarded(scheduledLockPath(mainCheckout), options),
      TAKEOVER_GUARD,
    );
  } catch (error) {
    if (error instanceof LockTimeoutError) return { released: false, reason: 'busy' };
    if (isFileSystemError(error)) throw unusableLock(scheduledLockPath(mainCheckout), error);
    throw error;
  }
}

function releaseGuarded(path: string, options: ReleaseOptions): LockRelease {
  const before = readLockAt(path);
  if (before === 'missing') return { released: false, reason: 'not-held' };
  const record = before === 'corrupt' ? undefined : before;
  if (!isOurs(record, options)) return { released: false, reason: 'not-ours', holder: record };
  const aside = asideName(path, 'releasing');
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { released: false, reason: 'not-held' };
    throw error;
  }
  let moved: LockRecord | undefined;
  try {
    moved = parseLockRecord(readLockText(aside));
  } catch {
    moved = undefined;
  }
  if (!isOurs(moved, options)) {
    putBack(aside, path);
    return { released: false, reason: 'not-ours', holder: moved };
  }
  removeQuietly(aside);
  return { released: true };
}

/** The current lock of `mainCheckout`: its record, `'corrupt'`, or `'missing'`. */
export function readScheduledLock(mainCheckout: string): LockRecord | 'corrupt' | 'missing' {
  const path = scheduledLockPath(mainCheckout);
  try {
    return readLockAt(path);
  } catch (error) {
    if (isFileSystemError(error)) throw unusableLock(path, error);
    throw error;
  }
}

function readLockAt(path: string): LockRecord | 'corrupt' | 'missing' {
  try {
    return parseLockRecord(readLockText(path)) ?? 'corrupt';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}
