import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../../fsx/read-regular.js';
import { parseObjectLine } from '../parse.js';

/** A first line longer than this (a session_meta carrying huge base instructions) is left to a whole read. */
const FIRST_LINE_BYTES = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * The folder a rollout ran in, from its first line alone: `session_meta.payload.cwd` of the envelope era.
 * Undefined for anything else (a compressed or JSON rollout, the early bare-line era whose folder is in a
 * later `<environment_context>`, an unreadable file): the caller reads the whole session then.
 */
export function codexHeadCwd(path: string): string | undefined {
  if (!path.endsWith('.jsonl')) return undefined;
  let fd: number | undefined;
  try {
    fd = openRegularFd(path);
    let buffer = Buffer.alloc(0);
    for (let position = 0; position < FIRST_LINE_BYTES; ) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, position);
      if (read === 0) return undefined;
      position += read;
      buffer = Buffer.concat([buffer, chunk.subarray(0, read)]);
      const end = buffer.indexOf(0x0a);
      if (end < 0) continue;
      const record = parseObjectLine(buffer, 0, end);
      if (record?.type !== 'session_meta') return undefined;
      const payload = record.payload;
      const cwd = payload && typeof payload === 'object' ? (payload as { cwd?: unknown }).cwd : undefined;
      return typeof cwd === 'string' && cwd.length > 0 ? cwd : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
