import { countBySession, readLedger, type SessionCount } from './read.js';
import type { LedgerRow } from './row.js';

/** What `ledger show` presents: the rows (of one session, if asked) and the number of rows per session. */
export interface LedgerView {
  path: string;
  exists: boolean;
  rows: LedgerRow[];
  sessions: SessionCount[];
  skipped: number;
}

/** Reads the ledger at `path` (never writing it) and keeps the rows of `session` when one is given. */
export function showLedger(path: string, session?: string): LedgerView {
  const ledger = readLedger(path);
  const rows = session === undefined ? ledger.rows : ledger.rows.filter((r) => r.session_id === session);
  return { path, exists: ledger.exists, rows, sessions: countBySession(rows), skipped: ledger.skipped };
}

/** The view of a ledger that is not read (absent, or refused because it leads out of the repository). */
export function emptyLedgerView(path: string): LedgerView {
  return { path, exists: false, rows: [], sessions: [], skipped: 0 };
}

/** The `--json` form of a view, as `retrospect ledger show --json` prints it. */
export function ledgerViewJson(view: LedgerView): string {
  return JSON.stringify({ path: view.path, rows: view.rows, sessions: view.sessions, skipped: view.skipped });
}
