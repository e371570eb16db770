import { forEachLedgerLine } from '../ledger/lines.js';
import { pyStrip } from '../transcript/pyjson.js';

/** What the friction ledger says about one session's S2 (docs/design/session-retro.md §2, hybrid S2). */
export type LedgerCoverage =
  | { covered: false }
  | { covered: true; runs: string[] /* zero or one synthetic run id */ };

/** A canonical text of a coverage: equal texts mean the gate would use the same S2. */
export function ledgerCoverageKey(coverage: LedgerCoverage): string {
  return JSON.stringify(coverage.covered ? { covered: true, runs: coverage.runs } : { covered: false });
}

function pyStr(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/**
 * Streams the ledger file's lines (its tail, for a file far over the capture hook's cap: see
 * forEachLedgerLine); false when it is missing or unreadable.
 */
function readLedgerLines(ledgerPath: string | undefined, visit: (line: string) => void): boolean {
  if (!ledgerPath) return false;
  try {
    forEachLedgerLine(ledgerPath, visit);
    return true;
  } catch {
    return false;
  }
}

/** A well-formed ledger row: an object with a string `event` (and the session it belongs to). */
function ledgerRowOf(raw: string): Record<string, unknown> | undefined {
  const line = pyStrip(raw);
  if (line.length === 0) return undefined;
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return undefined;
  const record = row as Record<string, unknown>;
  return typeof record.event === 'string' ? record : undefined;
}

function coverageOf(first: Record<string, unknown> | undefined, count: number): LedgerCoverage {
  if (count === 0 || !first) return { covered: false };
  if (count === 1) return { covered: true, runs: [] };
  return { covered: true, runs: [`ledger:${first.event as string}:${pyStr(first.ts)}`] };
}

/**
 * Reads the ledger rows of `sessionId`: objects whose `session_id` equals it and whose `event` is a string.
 * No rows, no file or an unreadable file: not covered (the transcript's S2 stands). One row: covered with no
 * run (too short). Two or more: exactly one run, `ledger:<event>:<ts>` of the first row.
 */
export function ledgerCoverage(ledgerPath: string | undefined, sessionId: string): LedgerCoverage {
  let first: Record<string, unknown> | undefined;
  let count = 0;
  // Only the session's own rows are parsed: a line that does not name it is passed over unparsed. (An id
  // of other characters may be written escaped, so its lines are all parsed.)
  const plain = /^[\w.:-]+$/.test(sessionId);
  const read = readLedgerLines(ledgerPath, (raw) => {
    if (plain && !raw.includes(sessionId)) return;
    const record = ledgerRowOf(raw);
    if (!record || record.session_id !== sessionId) return;
    first ??= record;
    count++;
  });
  if (!read) return { covered: false };
  return coverageOf(first, count);
}

/**
 * The coverage of every session the ledger mentions, read once: for scanning many sessions against one
 * ledger. A session it does not mention is not covered. Same rules as ledgerCoverage.
 */
export function ledgerCoverageIndex(ledgerPath: string | undefined): Map<string, LedgerCoverage> {
  const rows = new Map<string, { first: Record<string, unknown>; count: number }>();
  readLedgerLines(ledgerPath, (raw) => {
    const record = ledgerRowOf(raw);
    if (!record || typeof record.session_id !== 'string') return;
    const seen = rows.get(record.session_id);
    if (seen) seen.count++;
    else rows.set(record.session_id, { first: record, count: 1 });
  });
  const index = new Map<string, LedgerCoverage>();
  for (const [sessionId, { first, count }] of rows) index.set(sessionId, coverageOf(first, count));
  return index;
}
