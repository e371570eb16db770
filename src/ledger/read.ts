import { z } from 'zod';
import { forEachLedgerLine, LEDGER_READ_BYTES } from './lines.js';
import type { LedgerRow } from './row.js';

/** A ledger row as read back; `tool` and `path` may be missing in rows written by other tools. */
export const ledgerRowSchema = z.object({
  ts: z.string(),
  session_id: z.string(),
  event: z.string(),
  tool: z.string().default(''),
  path: z.string().default(''),
});

export interface LedgerReading {
  path: string;
  exists: boolean;
  rows: LedgerRow[];
  /** Non-blank lines that are not a valid row (torn, foreign or hand-edited, or too long to be one). */
  skipped: number;
  /** Bytes before the tail that were not read (a ledger far over the capture hook's cap); 0 normally. */
  unreadBytes: number;
}

/** The note for a ledger whose head was not read, or undefined when it was read whole. */
export function unreadLedgerNote(path: string, unreadBytes: number): string | undefined {
  if (unreadBytes <= 0) return undefined;
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${path} is over ${mb(LEDGER_READ_BYTES)}: only its last ${mb(LEDGER_READ_BYTES)} were read (${mb(unreadBytes)} before them were not; the capture hook keeps a ledger under 5 MB)`;
}

export interface SessionCount {
  session_id: string;
  count: number;
  first_ts: string;
  last_ts: string;
}

/**
 * Reads the friction ledger (capped in size by the capture hook) without ever writing it, streamed line by
 * line; of a file over LEDGER_READ_BYTES only the tail is read (see unreadBytes).
 */
export function readLedger(path: string): LedgerReading {
  const rows: LedgerRow[] = [];
  let skipped = 0;
  let pass: { unreadBytes: number; oversized: number };
  try {
    pass = forEachLedgerLine(path, (line) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        skipped++;
        return;
      }
      const row = ledgerRowSchema.safeParse(value);
      if (row.success) rows.push(row.data satisfies LedgerRow);
      else skipped++;
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { path, exists: false, rows: [], skipped: 0, unreadBytes: 0 };
    throw error;
  }
  return { path, exists: true, rows, skipped: skipped + pass.oversized, unreadBytes: pass.unreadBytes };
}

/** Rows per session, in order of each session's first row. */
export function countBySession(rows: LedgerRow[]): SessionCount[] {
  const counts = new Map<string, SessionCount>();
  for (const row of rows) {
    const entry = counts.get(row.session_id);
    if (entry) {
      entry.count++;
      entry.last_ts = row.ts;
    } else {
      counts.set(row.session_id, { session_id: row.session_id, count: 1, first_ts: row.ts, last_ts: row.ts });
    }
  }
  return [...counts.values()];
}
