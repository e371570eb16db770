import { readFileSync } from 'node:fs';
import { pyStrip } from '../transcript/pyjson.js';

/** What the friction ledger says about one session's S2 (notes §2, hybrid S2). */
export type LedgerCoverage =
  | { covered: false }
  | { covered: true; runs: string[] /* zero or one synthetic run id */ };

function pyStr(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/**
 * Reads the ledger rows of `sessionId`: objects whose `session_id` equals it and whose `event` is a string.
 * No rows, no file or an unreadable file: not covered (the transcript's S2 stands). One row: covered with no
 * run (too short). Two or more: exactly one run, `ledger:<event>:<ts>` of the first row.
 */
export function ledgerCoverage(ledgerPath: string | undefined, sessionId: string): LedgerCoverage {
  if (!ledgerPath) return { covered: false };
  let text: string;
  try {
    text = readFileSync(ledgerPath, 'utf8');
  } catch {
    return { covered: false };
  }
  let first: Record<string, unknown> | undefined;
  let count = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = pyStrip(raw);
    if (line.length === 0) continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    const record = row as Record<string, unknown>;
    if (record.session_id !== sessionId || typeof record.event !== 'string') continue;
    first ??= record;
    count++;
  }
  if (count === 0 || !first) return { covered: false };
  if (count === 1) return { covered: true, runs: [] };
  return { covered: true, runs: [`ledger:${first.event as string}:${pyStr(first.ts)}`] };
}
