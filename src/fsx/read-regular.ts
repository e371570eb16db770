import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { InputError } from '../errors/errors.js';

/**
 * The one way the tool opens a file it reads from a user's places (a transcript, a ledger, a settings or
 * status file, an agent's database). Only a regular file is read: a FIFO would block the open or the read
 * for ever (a hook that never ends blocks the agent), and a device (`/dev/zero`, `/dev/urandom`) never
 * ends. The open is non-blocking so that a FIFO with no writer returns at once; the kind is checked with
 * fstat on the opened descriptor, so that nothing can be swapped in between a check and the open.
 */

/** Largest file loaded whole unless the caller says otherwise: far above any real settings or status file. */
export const DEFAULT_WHOLE_READ_CAP = 64 * 1024 * 1024;

export interface OpenForReadingOptions {
  /** Refuse a symbolic link as the last component (for files the tool itself owns). Default false. */
  noFollow?: boolean;
}

export interface ReadWholeOptions extends OpenForReadingOptions {
  /** Most bytes to load (default DEFAULT_WHOLE_READ_CAP); a larger file is refused with one line. */
  maxBytes?: number;
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/** A path that names something other than a regular file: a FIFO, a device, a socket or a folder. */
export class NotRegularFileError extends InputError {
  constructor(
    readonly path: string,
    readonly kind: string,
  ) {
    super(`${path} is ${kind}, not a regular file; not read`);
    this.name = 'NotRegularFileError';
  }
}

/** A file over the size the tool loads whole. */
export class FileTooLargeError extends InputError {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`${path} is ${megabytes(size)}, over the ${megabytes(maxBytes)} read whole; not read`);
    this.name = 'FileTooLargeError';
  }

  /** The reason without the path (for a list that names the path already). */
  get reason(): string {
    return `too large: ${megabytes(this.size)}, over the ${megabytes(this.maxBytes)} read whole; not read`;
  }
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${bytes} bytes`;
}

/** A symbolic link where the tool's own file should be (opened with noFollow). */
export class LinkRefusedError extends InputError {
  constructor(readonly path: string) {
    super(`${path} is a symbolic link where the tool's own file belongs; not followed`);
    this.name = 'LinkRefusedError';
  }
}

/**
 * Opens `path` for reading when it is a regular file, and returns its descriptor and fstat (the caller
 * closes the descriptor). Errors of the file system (ENOENT, EACCES) pass through; anything that is not a
 * regular file is a NotRegularFileError, and a link under noFollow a LinkRefusedError.
 */
export function openRegularForReading(
  path: string,
  options: OpenForReadingOptions = {},
): { fd: number; stats: Stats } {
  const flags =
    constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
  let fd: number;
  try {
    fd = openSync(path, flags);
  } catch (error) {
    // O_NOFOLLOW on a link fails with ELOOP (Linux, macOS) or EMLINK (FreeBSD).
    const code = (error as NodeJS.ErrnoException).code;
    if (options.noFollow && (code === 'ELOOP' || code === 'EMLINK')) throw new LinkRefusedError(path);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFileError(path, kindOf(stats));
    return { fd, stats };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Loads a regular file whole, at most `maxBytes` (a file that grows while it is read stops at the cap and
 * is refused as well, so the memory held never passes the cap).
 */
export function readRegularFile(path: string, options: ReadWholeOptions = {}): Buffer {
  const maxBytes = options.maxBytes ?? DEFAULT_WHOLE_READ_CAP;
  const { fd, stats } = openRegularForReading(path, options);
  try {
    if (stats.size > maxBytes) throw new FileTooLargeError(path, stats.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(Math.min(Math.max(stats.size, 64 * 1024), 1024 * 1024) + 1);
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw new FileTooLargeError(path, total, maxBytes);
      chunks.push(Buffer.from(chunk.subarray(0, read)));
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** readRegularFile as UTF-8 text. */
export function readRegularText(path: string, options: ReadWholeOptions = {}): string {
  return readRegularFile(path, options).toString('utf8');
}

/** readRegularText, or undefined when nothing is at `path` (a dangling link counts as nothing). */
export function readRegularTextIfExists(path: string, options: ReadWholeOptions = {}): string | undefined {
  try {
    return readRegularText(path, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The descriptor of openRegularForReading, for readers that stream the file themselves. */
export function openRegularFd(path: string, options: OpenForReadingOptions = {}): number {
  return openRegularForReading(path, options).fd;
}

/**
 * Largest transcript a host whose format must be parsed whole (a legacy Gemini `.json` chat, a Copilot or
 * Codex `.json` file) is loaded at. Parsing holds the bytes, the string, the parsed value and the messages
 * made of it at once: a gate of a 60 MB chat of short messages peaked at 349 MB, of a 31 MB one (300,000
 * messages) at 234 MB (a 600 MB file would not even fit in one JavaScript string). Such a file is refused
 * by its size, before it is read.
 */
export const TRANSCRIPT_WHOLE_READ_CAP = 32 * 1024 * 1024;

/**
 * Reads a file as UTF-8, or undefined when it does not exist: readRegularTextIfExists under the name the
 * library has always exported (a FIFO or a device there is now refused instead of hanging the reader).
 */
export function readTextIfExists(path: string, options: ReadWholeOptions = {}): string | undefined {
  return readRegularTextIfExists(path, options);
}
