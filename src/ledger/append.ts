import { dirname } from 'node:path';
import { openForAppend } from '../fsx/append-open.js';
import { writeFileAtomic } from '../fsx/atomic.js';
import { withLock } from '../fsx/lock.js';
import { makeDirs } from '../fsx/make-dirs.js';
import { closeFd, readFd, statFd, syncFd, writeFd } from '../fsx/pool-fs.js';
import type { LedgerCaps } from './caps.js';
import { mayExceedCaps, offsetWithinCaps } from './rotate.js';
import type { LedgerRow } from './row.js';

interface AppendOptions {
  /** How long to wait for another writer's lock; hooks must not stall the agent for long. */
  lockTimeoutMs?: number;
}

/** A row larger than the byte cap: it cannot be kept without breaking the cap, so nothing is written. */
export class RowOverCapError extends Error {
  constructor(
    readonly rowBytes: number,
    readonly maxBytes: number,
  ) {
    super(
      `the byte cap (${maxBytes} bytes) is smaller than this row (${rowBytes} bytes): nothing recorded and the ledger left as it was`,
    );
    this.name = 'RowOverCapError';
  }
}

/** Keys in the contract's order, whatever order the object was built in. */
export function serializeLedgerRow(row: LedgerRow): string {
  const { ts, session_id, event, tool, path } = row;
  return JSON.stringify({ ts, session_id, event, tool, path });
}

async function readAt(fd: number, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const bytesRead = await readFd(fd, buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buffer.subarray(0, done);
}

/**
 * Appends one row to the friction ledger under its exclusive lock. Within the caps that is one write,
 * fsynced. When the row would take the ledger over a cap, the oldest rows are dropped and the kept rows plus
 * the new one replace the file through a temporary file and a rename, so that no reader ever sees the ledger
 * over its caps. A torn last line left by a crashed writer is closed first so that it cannot swallow the row.
 *
 * A row that alone is larger than the byte cap is refused (RowOverCapError) and the ledger left untouched:
 * keeping it would break the cap, and dropping every row to make room would empty the ledger silently.
 * Something other than a regular file at `path` (a symlink, even one inside the repository, a FIFO, a
 * device) is refused before anything is written, and opening never waits on it. Every file operation runs on the thread pool (fsx/pool-fs, without
 * node:fs/promises), so a caller with a deadline keeps its thread free to give up.
 */
export async function appendLedgerRow(
  path: string,
  row: LedgerRow,
  caps: LedgerCaps,
  options: AppendOptions = {},
): Promise<void> {
  const line = `${serializeLedgerRow(row)}\n`;
  const rowBytes = Buffer.byteLength(line, 'utf8');
  if (rowBytes > caps.maxBytes) throw new RowOverCapError(rowBytes, caps.maxBytes);
  await makeDirs(dirname(path));
  await withLock(
    path,
    async () => {
      // Never through a symlink (even one that stays inside the repository), never into a FIFO or device.
      const fd = await openForAppend(path);
      try {
        const size = (await statFd(fd)).size;
        const torn = size > 0 && (await readAt(fd, 1, size - 1))[0] !== 0x0a;
        const data = Buffer.from(torn ? `\n${line}` : line, 'utf8');
        if (mayExceedCaps(size + data.length, caps)) {
          const content = Buffer.concat([await readAt(fd, size, 0), data]);
          const start = offsetWithinCaps(content, caps);
          if (start !== undefined) {
            writeFileAtomic(path, content.subarray(start));
            return;
          }
        }
        let written = 0;
        while (written < data.length) {
          written += await writeFd(fd, data, written, data.length - written);
        }
        await syncFd(fd);
      } finally {
        await closeFd(fd);
      }
    },
    // Appends hold the lock for a few milliseconds: poll often rather than sleep through free windows.
    { timeoutMs: options.lockTimeoutMs ?? 5_000, maxPollMs: 4 },
  );
}
