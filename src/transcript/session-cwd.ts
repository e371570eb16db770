import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../fsx/read-regular.js';
import { parseObjectLine } from './parse.js';

/** Claude Code writes `cwd` on every line; the first lines of a session are enough to learn it. */
const HEAD_BYTES = 256 * 1024;

/**
 * The working directory a Claude Code session ran in: the first non-empty string `cwd` among the whole
 * lines of the transcript's first 256 KB. Undefined when the file cannot be read or names none (a
 * transcript of another agent, a damaged head).
 */
export function sessionCwd(path: string): string | undefined {
  let buffer: Buffer;
  let fd: number | undefined;
  try {
    fd = openRegularFd(path);
    buffer = Buffer.allocUnsafe(HEAD_BYTES);
    let filled = 0;
    for (let read = -1; read !== 0 && filled < HEAD_BYTES; filled += read)
      read = readSync(fd, buffer, filled, HEAD_BYTES - filled, filled);
    buffer = buffer.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  for (let start = 0; start < buffer.length; ) {
    const end = buffer.indexOf(0x0a, start);
    if (end < 0) break; // a line cut by the head is not read
    const cwd = parseObjectLine(buffer, start, end)?.cwd;
    if (typeof cwd === 'string' && cwd.length > 0) return cwd;
    start = end + 1;
  }
  return undefined;
}
