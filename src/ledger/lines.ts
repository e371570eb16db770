import { closeSync, readSync } from 'node:fs';
import { openRegularForReading } from '../fsx/read-regular.js';

/**
 * Most bytes of a ledger that are read: its tail. The capture hook keeps a ledger under 5 MB (its default
 * cap), so a real one is read whole; a larger file (a repository may ship one of hundreds of MB) has only
 * its last 16 MB read, so that `ledger show` and the gate stay near their usual memory.
 */
export const LEDGER_READ_BYTES = 16 * 1024 * 1024;

/** Longest ledger line read: a row the capture hook writes is under 30 KB (its fields are capped). */
const LEDGER_LINE_BYTES = 64 * 1024;

interface LedgerLinePass {
  /** Bytes before the tail that were not read (0 when the whole file was read). */
  unreadBytes: number;
  /** Lines over LEDGER_LINE_BYTES, passed over unread. */
  oversized: number;
}

interface LedgerLineLimits {
  readBytes?: number;
  lineBytes?: number;
}

const CHUNK = 1 << 20;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Streams the lines of a ledger file (`\n`, `\r\n` or a lone `\r` ends one, as the reader has always
 * split them) to `visit`, reading at most its last `readBytes` (the line cut by the start of the tail is
 * dropped). Memory stays one chunk plus one line. Errors of the file system (ENOENT) pass through.
 */
export function forEachLedgerLine(
  path: string,
  visit: (line: string) => void,
  limits: LedgerLineLimits = {},
): LedgerLinePass {
  const readBytes = limits.readBytes ?? LEDGER_READ_BYTES;
  const lineBytes = limits.lineBytes ?? LEDGER_LINE_BYTES;
  const { fd, stats } = openRegularForReading(path);
  const pass: LedgerLinePass = { unreadBytes: Math.max(0, stats.size - readBytes), oversized: 0 };
  let position = pass.unreadBytes;
  // A tail starts inside a line: that line is not whole, so it is dropped like an oversized one, unnamed.
  let skipping = position > 0;
  let pieces: Buffer[] = [];
  let held = 0;
  let dropping = false;
  let afterCr = false;
  const end = () => {
    if (skipping) skipping = false;
    else if (dropping) pass.oversized++;
    else visit(Buffer.concat(pieces, held).toString('utf8'));
    pieces = [];
    held = 0;
    dropping = false;
  };
  const keep = (chunk: Buffer, from: number, to: number) => {
    if (to <= from || skipping || dropping) return;
    if (held + (to - from) > lineBytes) {
      dropping = true;
      pieces = [];
      held = 0;
      return;
    }
    pieces.push(Buffer.from(chunk.subarray(from, to)));
    held += to - from;
  };
  try {
    const chunk = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK, position);
      if (read === 0) break;
      position += read;
      let start = 0;
      for (let i = 0; i < read; i++) {
        const b = chunk[i];
        if (b !== LF && b !== CR) continue;
        if (b === LF && afterCr && i === start) {
          // The LF of a CRLF whose CR ended the last line.
          afterCr = false;
          start = i + 1;
          continue;
        }
        keep(chunk, start, i);
        end();
        afterCr = b === CR;
        start = i + 1;
      }
      if (start < read) afterCr = false;
      keep(chunk, start, read);
    }
    if (held > 0 || dropping) end();
    return pass;
  } finally {
    closeSync(fd);
  }
}
