import { z } from 'zod';
import { readRegularText } from '../fsx/read-regular.js';
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
  /** Non-blank lines that are not a valid row (torn, foreign or hand-edited). */
  skipped: number;
}

export interface SessionCount {
  session_id: string;
  count: number;
  first_ts: string;
  last_ts: string;
}

/** Reads the friction ledger (capped in size by the capture hook) without ever writing it. */
export function readLedger(path: string): LedgerReading {
  let text: string;
  try {
    text = readRegularText(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { path, exists: false, rows: [], skipped: 0 };
    throw error;
  }
  const rows: LedgerRow[] = [];
  let skipped = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const row = ledgerRowSchema.safeParse(value);
    if (row.success) rows.push(row.data satisfies LedgerRow);
    else skipped++;
  }
  return { path, exists: true, rows, skipped };
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
