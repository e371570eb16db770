import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../../fsx/read-regular.js';

/**
 * A slash command whose name ends in `retro` (`/retro`, `/dev-team:retro`), as Claude Code records it in
 * a transcript. A session that ran a retro is the retro's own work: reading it again would feed the
 * retrospective its own output.
 */
const RETRO_INVOCATION = /<command-name>\/[\w:.-]*retro<\/command-name>/;

/** Whether a user turn's text is a retro slash command (the one definition the hook worker and retro share). */
export function isRetroCommand(text: string): boolean {
  return RETRO_INVOCATION.test(text);
}
const CHUNK_BYTES = 1 << 20;
/** Longer than any tag the pattern can match, so a tag split across two chunks is still found. */
const OVERLAP_BYTES = 256;

/**
 * True when the transcript contains a retro invocation. Reads the file in chunks (transcripts reach
 * hundreds of megabytes) and never holds more than one chunk; an unreadable file is not a retro.
 */
export function containsRetroInvocation(path: string): boolean {
  let fd: number;
  try {
    fd = openRegularFd(path);
  } catch {
    return false;
  }
  try {
    const buffer = Buffer.alloc(CHUNK_BYTES + OVERLAP_BYTES);
    let carried = 0;
    let position = 0;
    for (;;) {
      const read = readSync(fd, buffer, carried, CHUNK_BYTES, position);
      if (read === 0) return false;
      position += read;
      const filled = carried + read;
      if (RETRO_INVOCATION.test(buffer.toString('latin1', 0, filled))) return true;
      carried = Math.min(OVERLAP_BYTES, filled);
      buffer.copy(buffer, 0, filled - carried, filled);
    }
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
