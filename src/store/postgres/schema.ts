import type pg from 'pg';

/**
 * The shared store's migrations, applied in order; `retrospect_migrations` records each one. Never edit a
 * shipped step: append a new one. Tables carry a `retrospect_` prefix so that the store can live in a
 * database the team already runs. What a row holds is listed in docs/teams.md: verdicts, counts, signal
 * ids, timestamps and home-relative paths — never transcript text.
 */
export const PG_MIGRATIONS: readonly string[] = [
  // The verdict is JSON, not JSONB: its text comes back as written (key order included), so that records
  // read from either store print alike; `->>` still reaches into it from SQL.
  `CREATE TABLE retrospect_sessions (
     machine TEXT NOT NULL,
     user_name TEXT NOT NULL,
     path TEXT NOT NULL,
     size BIGINT NOT NULL,
     mtime_ms DOUBLE PRECISION NOT NULL,
     host TEXT NOT NULL,
     session_id TEXT NOT NULL,
     parent_session_id TEXT,
     agent_id TEXT,
     project TEXT NOT NULL,
     first_ts TEXT,
     last_ts TEXT,
     lines INTEGER NOT NULL,
     gate_version INTEGER NOT NULL,
     verdict JSON NOT NULL,
     score DOUBLE PRECISION NOT NULL,
     passed BOOLEAN NOT NULL,
     s1 INTEGER NOT NULL DEFAULT 0,
     s2 INTEGER NOT NULL DEFAULT 0,
     s3 INTEGER NOT NULL DEFAULT 0,
     s4 INTEGER NOT NULL DEFAULT 0,
     s5 INTEGER NOT NULL DEFAULT 0,
     gone BOOLEAN NOT NULL DEFAULT FALSE,
     scanned_at TEXT NOT NULL,
     ledger_s2 TEXT,
     transcript_s2 TEXT,
     ledger_stale BOOLEAN NOT NULL DEFAULT FALSE,
     own_run BOOLEAN,
     gate_profile TEXT NOT NULL DEFAULT 'seed',
     turns_human INTEGER,
     turns_assistant INTEGER,
     turns_tool_errors INTEGER,
     PRIMARY KEY (machine, user_name, path)
   );
   CREATE INDEX retrospect_sessions_host ON retrospect_sessions (host);
   CREATE INDEX retrospect_sessions_project ON retrospect_sessions (project);
   CREATE INDEX retrospect_sessions_session ON retrospect_sessions (session_id);
   CREATE TABLE retrospect_meta (
     machine TEXT NOT NULL,
     user_name TEXT NOT NULL,
     key TEXT NOT NULL,
     value TEXT NOT NULL,
     PRIMARY KEY (machine, user_name, key)
   );`,
  // What each session used (docs/cost.md): tokens by model, input band and friction signal; never money
  // and never transcript text. Rows stored before this step are NULL: their machine's next scan reads them.
  `ALTER TABLE retrospect_sessions ADD COLUMN usage JSON;`,
];

/**
 * The shared store's columns ahead of the session columns (SESSION_COLUMNS in ../columns.ts): whose each row
 * is. With the path they are the row's key.
 */
export const OWNER_COLUMNS = [
  { name: 'machine', postgres: 'TEXT NOT NULL' },
  { name: 'user_name', postgres: 'TEXT NOT NULL' },
] as const;

/** The columns of the shared store's notes (`retrospect_meta`), as its first migration makes them. */
export const META_COLUMNS = [
  ...OWNER_COLUMNS,
  { name: 'key', postgres: 'TEXT NOT NULL' },
  { name: 'value', postgres: 'TEXT NOT NULL' },
] as const;

/** Any constant that other programs are unlikely to take: it serialises migrations across machines. */
const MIGRATION_LOCK = 0x52_45_54_52; // "RETR"

/**
 * Brings the shared store up to the latest schema in one transaction. Two machines that start at once
 * queue on an advisory lock, so each step runs exactly once; a store from a newer release is refused.
 */
export async function migratePostgres(client: pg.Client): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Created only when missing: CREATE … IF NOT EXISTS still needs the right to create in the schema,
    // which a role that only reads and writes a team's store need not have.
    const exists = await client.query<{ found: string | null }>(
      "SELECT to_regclass('retrospect_migrations')::text AS found",
    );
    if (!exists.rows[0]?.found)
      await client.query(
        `CREATE TABLE retrospect_migrations (
           version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
      );
    const { rows } = await client.query<{ current: number | null }>(
      'SELECT max(version) AS current FROM retrospect_migrations',
    );
    const current = rows[0]?.current ?? 0;
    if (current > PG_MIGRATIONS.length) {
      throw new Error(
        `the shared session store has schema version ${current}, newer than this release understands (${PG_MIGRATIONS.length}); upgrade retrospect`,
      );
    }
    for (let step = current; step < PG_MIGRATIONS.length; step++) {
      await client.query(PG_MIGRATIONS[step]!);
      await client.query('INSERT INTO retrospect_migrations (version) VALUES ($1)', [step + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
