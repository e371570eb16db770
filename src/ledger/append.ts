import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { withLockSync } from '../fsx/lock.js';
import type { LedgerCaps } from './caps.js';
import { rotateLedger } from './rotate.js';
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

function endsWithNewline(fd: number, size: number): boolean {
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

/**
 * Appends one row to the friction ledger under its exclusive lock: one write, fsynced, then the oldest rows
 * are dropped when a cap is exceeded. A torn last line left by a crashed writer is closed first so that it
 * cannot swallow this row.
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
      let size: number;
      try {
        const before = fstatSync(fd).size;
        const data = Buffer.from(endsWithNewline(fd, before) ? line : `\n${line}`, 'utf8');
        let written = 0;
        while (written < data.length) written += writeSync(fd, data, written, data.length - written);
        fsyncSync(fd);
        size = before + data.length;
      } finally {
        closeSync(fd);
      }
      rotateLedger(path, caps, size);
    },
    { timeoutMs: options.lockTimeoutMs ?? 5_000 },
  );
}
