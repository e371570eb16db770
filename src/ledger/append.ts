import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../fsx/atomic.js';
import { withLockSync } from '../fsx/lock.js';
import type { LedgerCaps } from './caps.js';
import { mayExceedCaps, offsetWithinCaps } from './rotate.js';
import type { LedgerRow } from './row.js';

export interface AppendOptions {
  /** How long to wait for another writer's lock; hooks must not stall the agent for long. */
  lockTimeoutMs?: number;
}

/** Keys in the contract's order, whatever order the object was built in. */
export function serializeLedgerRow(row: LedgerRow): string {
  const { ts, session_id, event, tool, path } = row;
  return JSON.stringify({ ts, session_id, event, tool, path });
}

function readAt(fd: number, length: number, position: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return buffer.subarray(0, done);
}

/**
 * Appends one row to the friction ledger under its exclusive lock. Within the caps that is one write,
 * fsynced. When the row would take the ledger over a cap, the oldest rows are dropped and the kept rows plus
 * the new one replace the file through a temporary file and a rename, so that no reader ever sees the ledger
 * over its caps. A torn last line left by a crashed writer is closed first so that it cannot swallow the row.
 */
export function appendLedgerRow(
  path: string,
  row: LedgerRow,
  caps: LedgerCaps,
  options: AppendOptions = {},
): void {
  mkdirSync(dirname(path), { recursive: true });
  const line = `${serializeLedgerRow(row)}\n`;
  withLockSync(
    path,
    () => {
      const fd = openSync(path, 'a+');
      try {
        const size = fstatSync(fd).size;
        const torn = size > 0 && readAt(fd, 1, size - 1)[0] !== 0x0a;
        const data = Buffer.from(torn ? `\n${line}` : line, 'utf8');
        if (mayExceedCaps(size + data.length, caps)) {
          const content = Buffer.concat([readAt(fd, size, 0), data]);
          const start = offsetWithinCaps(content, caps);
          if (start !== undefined) {
            writeFileAtomic(path, content.subarray(start));
            return;
          }
        }
        let written = 0;
        while (written < data.length) written += writeSync(fd, data, written, data.length - written);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    // Appends hold the lock for a few milliseconds: poll often rather than sleep through free windows.
    { timeoutMs: options.lockTimeoutMs ?? 5_000, maxPollMs: 4 },
  );
}
