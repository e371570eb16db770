import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RetrospectError } from '../errors/errors.js';
import { makeDirsSync } from './make-dirs.js';

/** What a file-type check found at a path (for messages). */
export function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isSymbolicLink()) return 'a symlink';
  return 'not a regular file';
}

/**
 * A write refused because something other than a regular file sits at the target (a device such as
 * `/dev/null`, a FIFO, a socket, a folder): replacing it would destroy it, and writing into it is not a file.
 */
export class NotRegularFileError extends RetrospectError {
  constructor(
    readonly path: string,
    readonly kind: string,
  ) {
    super('E_NOT_REGULAR_FILE', `${path} is ${kind}, not a regular file; nothing written`);
    this.name = 'NotRegularFileError';
  }
}

export class WriteVerifyError extends Error {
  constructor(readonly path: string) {
    super(`wrote ${path} but reading it back gave different bytes; the previous content was restored`);
    this.name = 'WriteVerifyError';
  }
}

export interface AtomicWriteOptions {
  /** File mode for a new file; an existing file keeps its mode. */
  mode?: number;
  /** Create missing parent folders (default true). */
  mkdirs?: boolean;
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some file systems do not allow fsync on a directory; the rename is still atomic.
  }
}

function lstatIfExists(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What sits at a write target, checked without following a link: nothing, a regular file, or a symlink
 * (replaced by the rename, never written through). Anything else is refused, so that no writer of the tool
 * ever renames over a device, a FIFO, a socket or a folder.
 */
export function ensureReplaceable(path: string): Stats | undefined {
  const stat = lstatIfExists(path);
  if (stat && !stat.isFile() && !stat.isSymbolicLink()) throw new NotRegularFileError(path, kindOf(stat));
  return stat;
}

function readIfExists(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The temp file lives beside the target so that the rename never crosses a file system. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Creates `path` (it must not exist) with all of `data`, fsynced. On any failure (a full disk, a file size
 * limit, an I/O error) the partial file is removed: it was created here (`wx`), so it is ours to remove,
 * and no half-written temp file is left in the user's project.
 */
export function writeWhole(path: string, data: Buffer, mode: number | undefined): void {
  const fd = openSync(path, 'wx', mode);
  try {
    let offset = 0;
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
    throw error;
  }
  closeSync(fd);
}

/**
 * Replaces `path` with `content` so that a reader sees either the old or the new file, never a mix:
 * temp file + fsync + rename, then a read-back check. If the check fails the previous bytes are put
 * back (or the new file removed when there was none) and WriteVerifyError is thrown.
 */
export function writeFileAtomic(
  path: string,
  content: string | Buffer,
  options: AtomicWriteOptions = {},
): void {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const dir = dirname(path);
  if (options.mkdirs !== false) makeDirsSync(dir);
  const existing = ensureReplaceable(path);
  // A symlink is replaced, not followed: its target is read back only when it is a regular file (never a
  // FIFO that would block or a device), to restore it should the read-back check fail.
  const previous = existing && isRegularTarget(path, existing) ? readIfExists(path) : undefined;
  let mode = options.mode;
  if (previous !== undefined) mode = statSync(path).mode & 0o7777;
  const temp = tempPathFor(path);
  try {
    writeWhole(temp, data, mode);
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file was never created or already renamed.
    }
    throw error;
  }
  fsyncDir(dir);
  const written = readIfExists(path);
  if (written === undefined || !written.equals(data)) {
    restore(path, previous);
    throw new WriteVerifyError(path);
  }
}

function isRegularTarget(path: string, stat: Stats): boolean {
  if (stat.isFile()) return true;
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Puts `previous` back at `path` (or removes `path` when there was no previous file). */
export function restore(path: string, previous: Buffer | undefined): void {
  if (previous === undefined) {
    try {
      unlinkSync(path);
    } catch {
      // Nothing to remove.
    }
    return;
  }
  const temp = tempPathFor(path);
  writeWhole(temp, previous, undefined);
  renameSync(temp, path);
}

/** Reads a file as UTF-8, or undefined when it does not exist. */
export function readTextIfExists(path: string): string | undefined {
  return readIfExists(path)?.toString('utf8');
}
