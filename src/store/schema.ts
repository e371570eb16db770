import type { SqliteDatabase } from '../sqlite/index.js';

/**
 * The store's migrations, applied in order; `PRAGMA user_version` records how many ran. Never edit a
 * shipped step: append a new one, so that an old store upgrades in place.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE sessions (
     path TEXT PRIMARY KEY,
     size INTEGER NOT NULL,
     mtime_ms REAL NOT NULL,
     host TEXT NOT NULL,
     session_id TEXT NOT NULL,
     parent_session_id TEXT,
     agent_id TEXT,
     project TEXT NOT NULL,
     first_ts TEXT,
     last_ts TEXT,
     lines INTEGER NOT NULL,
     gate_version INTEGER NOT NULL,
     verdict_json TEXT NOT NULL,
     score REAL NOT NULL,
     passed INTEGER NOT NULL,
     s1 INTEGER NOT NULL DEFAULT 0,
     s2 INTEGER NOT NULL DEFAULT 0,
     s3 INTEGER NOT NULL DEFAULT 0,
     s4 INTEGER NOT NULL DEFAULT 0,
     s5 INTEGER NOT NULL DEFAULT 0,
     gone INTEGER NOT NULL DEFAULT 0,
     scanned_at TEXT NOT NULL
   );
   CREATE INDEX sessions_project ON sessions (project);
   CREATE INDEX sessions_session ON sessions (session_id);
   CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Where S2 came from, so that a rescan can rescore a verdict when only the friction ledger changed.
  // Rows stored before this step have neither (NULL): a rescan works out what it can from their verdict.
  `ALTER TABLE sessions ADD COLUMN ledger_s2 TEXT;
   ALTER TABLE sessions ADD COLUMN transcript_s2 TEXT;
   ALTER TABLE sessions ADD COLUMN ledger_stale INTEGER NOT NULL DEFAULT 0;`,
  // Whether the transcript is one of Retrospect's own analysis runs (1), or not (0). Rows stored before this
  // step are NULL: the next scan checks the head of each file that is still there, once.
  `ALTER TABLE sessions ADD COLUMN own_run INTEGER;`,
  // The gate profile that scored each verdict. Rows stored before profiles existed were the seed's; a scan
  // with another profile reads their files again, and scores of different profiles are never compared.
  `ALTER TABLE sessions ADD COLUMN gate_profile TEXT NOT NULL DEFAULT 'seed';`,
  // Each session's turns as its host counts them (people's turns, assistant messages, failed tool calls).
  // Rows stored before this step are NULL: the next scan reads their files once more.
  `ALTER TABLE sessions ADD COLUMN turns_human INTEGER;
   ALTER TABLE sessions ADD COLUMN turns_assistant INTEGER;
   ALTER TABLE sessions ADD COLUMN turns_tool_errors INTEGER;
   CREATE INDEX sessions_host ON sessions (host);`,
  // What each session used, as tokens by model, input band and friction signal (docs/cost.md), JSON; never
  // money, which is priced when shown. Rows stored before this step are NULL: the next scan reads their
  // files once more. A session whose transcript records no usage stores entries null, not NULL.
  `ALTER TABLE sessions ADD COLUMN usage_json TEXT;`,
];

function refuseNewer(current: number): void {
  if (current > MIGRATIONS.length) {
    throw new Error(
      `the session store has schema version ${current}, newer than this release understands (${MIGRATIONS.length}); upgrade retrospect`,
    );
  }
}

/**
 * Brings a store up to the latest schema inside one transaction; refuses a store from a newer release.
 * The version is read again inside an IMMEDIATE transaction (which takes the write lock first): of several
 * processes creating one new store at once, the first applies the steps and the others, waiting on the
 * lock, then find them applied. Reading it outside (as before) let two of them run the first step twice.
 */
export function migrate(db: SqliteDatabase): void {
  const seen = db.pragma('user_version') as number;
  refuseNewer(seen);
  if (seen === MIGRATIONS.length) return;
  db.transaction(() => {
    const current = db.pragma('user_version') as number;
    refuseNewer(current);
    for (let step = current; step < MIGRATIONS.length; step++) db.exec(MIGRATIONS[step]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }, 'immediate');
}
