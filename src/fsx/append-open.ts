import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { kindOf, NotRegularFileError } from './atomic.js';
import { closeFd, openFd, statFd } from './pool-fs.js';

/**
 * Flags for appending to a file the tool owns: O_NOFOLLOW so that a symlink planted at the path (even one
 * leading to a script inside the repository) is never written through, O_NONBLOCK so that opening a FIFO
 * never waits for a reader (a regular file is unaffected), O_CREAT for the first row.
 */
const APPEND_FLAGS =
  constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function refusal(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  // Linux says ELOOP for a symlink under O_NOFOLLOW; some systems say EMLINK or EFTYPE.
  if (code === 'ELOOP' || code === 'EMLINK' || code === 'EFTYPE')
    return new NotRegularFileError(path, 'a symlink');
  if (code === 'EISDIR') return new NotRegularFileError(path, 'a folder');
  return error;
}

/** Opens `path` for appending (created 0644 when missing); refuses a symlink and anything not a regular file. */
export function openForAppendSync(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, APPEND_FLAGS, 0o644);
  } catch (error) {
    throw refusal(path, error);
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    throw new NotRegularFileError(path, kindOf(stat));
  }
  return fd;
}

/**
 * openForAppendSync on the thread pool (resolves with the descriptor), so that a caller with a deadline keeps
 * its thread free.
 */
export async function openForAppend(path: string): Promise<number> {
  let fd: number;
  try {
    fd = await openFd(path, APPEND_FLAGS, 0o644);
  } catch (error) {
    throw refusal(path, error);
  }
  const stat = await statFd(fd);
  if (!stat.isFile()) {
    await closeFd(fd);
    throw new NotRegularFileError(path, kindOf(stat));
  }
  return fd;
}
