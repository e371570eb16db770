import { UsageError } from '../errors/errors.js';
import { countBySession, readLedger, type SessionCount } from './read.js';
import type { LedgerRow } from './row.js';

/** What `ledger show` presents: the rows (of one session, if asked) and the number of rows per session. */
interface LedgerView {
  path: string;
  exists: boolean;
  rows: LedgerRow[];
  sessions: SessionCount[];
  skipped: number;
  /** Bytes before the tail that were not read (see readLedger). */
  unreadBytes: number;
}

/** The rows of `session`: its id, else a unique prefix of one (as `retrospect scan` prints 8 characters). */
function rowsOf(rows: LedgerRow[], session: string): LedgerRow[] {
  const exact = rows.filter((r) => r.session_id === session);
  if (exact.length > 0 || session === '') return exact;
  const prefixed = rows.filter((r) => r.session_id.startsWith(session));
  const ids = [...new Set(prefixed.map((r) => r.session_id))];
  if (ids.length > 1)
    throw new UsageError(
      `session prefix '${session}' is ambiguous in the ledger: ${ids.join(', ')}; give more characters`,
    );
  return prefixed;
}

/**
 * Reads the ledger at `path` (never writing it) and keeps the rows of `session` when one is given: a session
 * id or a unique prefix of one.
 */
export function showLedger(path: string, session?: string): LedgerView {
  const ledger = readLedger(path);
  const rows = session === undefined ? ledger.rows : rowsOf(ledger.rows, session);
  return {
    path,
    exists: ledger.exists,
    rows,
    sessions: countBySession(rows),
    skipped: ledger.skipped,
    unreadBytes: ledger.unreadBytes,
  };
}

/** The view of a ledger that is not read (absent, or refused because it leads out of the repository). */
export function emptyLedgerView(path: string): LedgerView {
  return { path, exists: false, rows: [], sessions: [], skipped: 0, unreadBytes: 0 };
}

/** The `--json` form of a view, as `retrospect ledger show --json` prints it. */
export function ledgerViewJson(view: LedgerView): string {
  return JSON.stringify({ path: view.path, rows: view.rows, sessions: view.sessions, skipped: view.skipped });
}
