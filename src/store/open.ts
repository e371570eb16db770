import { resolve, sep } from 'node:path';
import type { GateVerdict } from '../gate/score.js';
import { SIGNAL_NAMES, type SignalName } from '../gate/signals.js';
import type { SqliteDatabase, SqliteEngineName, SqliteValue } from '../sqlite/index.js';
import {
  columnsNamed,
  fromSqliteRow,
  KNOWN_FILE_COLUMNS,
  type KnownFileRow,
  SESSION_COLUMNS,
  type SessionRow,
  sqliteSelectList,
  sqliteValues,
} from './columns.js';
import { connectStore } from './connect.js';
import { guardStore } from './guard.js';
import type { SessionStorePort } from './port.js';
import { profileOf, recordOfRow, rowOfRecord } from './row.js';
import { activeWithin, sessionStartsBounded } from './session-starts.js';
import type { KnownFile, SessionQuery, SessionRecord, StoredSessionScore } from './types.js';

/** The file name of the store inside Retrospect's data folder. */
export const STORE_FILE = 'store.sqlite';

/** The row as SQLite returns it under the row's names (see sqliteSelectList), in the row's form. */
function toRecord(raw: unknown): SessionRecord {
  return recordOfRow(fromSqliteRow<SessionRow>(raw as Record<string, unknown>));
}

/** Signal counts of a verdict, every signal present (0 when it did not match). */
export function countSignals(verdict: GateVerdict): Record<SignalName, number> {
  const counts = Object.fromEntries(SIGNAL_NAMES.map((name) => [name, 0])) as Record<SignalName, number>;
  for (const signal of verdict.signals) counts[signal.name] = signal.count;
  return counts;
}

/** Every column of a stored row, under the row's names. */
const SELECT_ROW = `SELECT ${sqliteSelectList()} FROM sessions`;

const UPSERT = `INSERT INTO sessions (${SESSION_COLUMNS.map((c) => c.sqliteName).join(', ')})
  VALUES (${SESSION_COLUMNS.map((c) => `@${c.sqliteName}`).join(', ')})
  ON CONFLICT (path) DO UPDATE SET ${SESSION_COLUMNS.filter((c) => c.name !== 'path')
    .map((c) => `${c.sqliteName} = excluded.${c.sqliteName}`)
    .join(', ')}`;

/** What a rescan compares (KnownFile): stored columns, and three facts worked out in SQL. */
const KNOWN_FILE_SELECT = `${sqliteSelectList(
  columnsNamed(...KNOWN_FILE_COLUMNS),
)}, json_extract(verdict_json, '$.error') IS NOT NULL AS gate_error, turns_human IS NOT NULL AS has_turns,
  usage_json IS NOT NULL AS has_usage`;

export interface SessionStoreOptions {
  /** The SQLite engine; default: Node's built-in one where this Node has it, else better-sqlite3, else node-sqlite3-wasm. */
  engine?: SqliteEngineName;
}

/**
 * The embedded session index (SQLite, WAL): one row per transcript file with its gate verdict. It
 * outlives the transcripts — Claude Code deletes old ones, the store marks them gone and keeps the verdict.
 */
export class SessionStore implements SessionStorePort {
  readonly kind = 'sqlite' as const;
  readonly label: string;
  private readonly db: SqliteDatabase;

  constructor(path: string, options: SessionStoreOptions = {}) {
    this.label = path;
    this.db = connectStore(path, options.engine);
  }

  /** The SQLite engine this store runs on. */
  get engine(): SqliteEngineName {
    return this.db.engine;
  }

  /** Inserts or replaces the records of these files in one transaction. */
  upsertSession(...records: SessionRecord[]): void {
    const insert = this.db.prepare(UPSERT);
    this.db.transaction(() => {
      for (const r of records) {
        insert.run(sqliteValues(rowOfRecord(r)));
      }
    });
  }

  /** What a rescan compares, for every stored file under `root` (all files when omitted). */
  knownFiles(root?: string): Map<string, KnownFile> {
    const rows = (
      root === undefined
        ? this.db.prepare(`SELECT ${KNOWN_FILE_SELECT} FROM sessions`).all()
        : this.db
            .prepare(`SELECT ${KNOWN_FILE_SELECT} FROM sessions WHERE substr(path, 1, ?) = ?`)
            .all(Array.from(root).length, root)
    ).map((raw) => fromSqliteRow<KnownFileRow<number>>(raw as Record<string, unknown>));
    const known = new Map<string, KnownFile>();
    for (const row of rows) {
      known.set(row.path, {
        size: row.size,
        mtimeMs: row.mtime_ms,
        gateVersion: row.gate_version,
        gone: row.gone,
        sessionId: row.session_id,
        ledgerS2: row.ledger_s2 ?? undefined,
        ledgerStale: row.ledger_stale,
        gateError: row.gate_error !== 0,
        ownRun: row.own_run ?? undefined,
        gateProfile: profileOf(row.gate_profile),
        hasTurns: row.has_turns !== 0,
        hasUsage: row.has_usage !== 0,
      });
    }
    return known;
  }

  /** The stored record of one file. */
  sessionAt(path: string): SessionRecord | undefined {
    const row = this.db.prepare(`${SELECT_ROW} WHERE path = ?`).get(path);
    return row ? toRecord(row) : undefined;
  }

  /** Records whether these files are Retrospect's own runs (for rows stored before the store knew). */
  setOwnRun(flags: Iterable<[path: string, ownRun: boolean]>): void {
    const set = this.db.prepare('UPDATE sessions SET own_run = ? WHERE path = ?');
    this.db.transaction(() => {
      for (const [path, ownRun] of flags) set.run(ownRun ? 1 : 0, path);
    });
  }

  /** Removes the records of these files (the transcripts stay as they are); returns how many went. */
  forgetPaths(paths: Iterable<string>): number {
    const remove = this.db.prepare('DELETE FROM sessions WHERE path = ?');
    let removed = 0;
    this.db.transaction(() => {
      for (const path of paths) removed += remove.run(path).changes;
    });
    return removed;
  }

  /**
   * Removes the records of the file at `path`, or of every file under the folder `path` (an absolute path
   * without a trailing separator); returns how many went. The transcripts themselves are never touched.
   */
  forgetUnder(path: string): number {
    const folder = `${path}${sep}`;
    return this.db
      .prepare('DELETE FROM sessions WHERE path = ? OR substr(path, 1, ?) = ?')
      .run(path, Array.from(folder).length, folder).changes;
  }

  /** Marks files as deleted; their verdicts stay for history and trial reviews. */
  markGone(paths: Iterable<string>): number {
    const mark = this.db.prepare('UPDATE sessions SET gone = 1 WHERE path = ? AND gone = 0');
    let changed = 0;
    this.db.transaction(() => {
      for (const path of paths) changed += mark.run(path).changes;
    });
    return changed;
  }

  /**
   * Stored records, newest first, filtered by project folder and activity dates. Dates are compared as
   * instants with each session's start and last activity as sessionStarts reads them (an unusable
   * transcript timestamp gives way to the file time, bounded by the newest file in the store), not as text.
   * `scope` plays no part: every row of the embedded store is this machine's.
   */
  listSessions(query: SessionQuery = {}): SessionRecord[] {
    const where: string[] = [];
    const params: SqliteValue[] = [];
    if (query.project !== undefined) {
      where.push('project = ?');
      params.push(query.project);
    }
    if (query.under !== undefined) {
      where.push('substr(path, 1, ?) = ?');
      params.push(Array.from(query.under).length, query.under); // SQLite counts code points
    }
    if (query.includeGone === false) where.push('gone = 0');
    if (query.hosts !== undefined) {
      where.push(`host IN (${query.hosts.map(() => '?').join(', ') || "''"})`);
      params.push(...query.hosts);
    }
    const sql = `${SELECT_ROW} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY path`;
    const records = this.db
      .prepare(sql)
      .all(...params)
      .map(toRecord);
    const newest = this.db.prepare('SELECT max(mtime_ms) AS newest FROM sessions').get() as {
      newest: number | null;
    };
    const starts = sessionStartsBounded(newest.newest ?? Number.NEGATIVE_INFINITY, new Date());
    const within = activeWithin(query.since, query.until, starts);
    // Sorted here, not in SQL: the start is a decision about untrusted text, not a column.
    return records.filter(within).sort((a, b) => starts.startMs(b) - starts.startMs(a));
  }

  /**
   * Scores of a project's main sessions (sub-agents and Retrospect's own runs excluded), gone ones included
   * so that a trial that outlives its transcripts can still be reviewed. `mtime` is in epoch seconds,
   * oldest first.
   */
  sessionScores(projectFolder: string): StoredSessionScore[] {
    const rows = this.db
      .prepare(
        `SELECT session_id, score, mtime_ms FROM sessions
         WHERE project = ? AND parent_session_id IS NULL AND coalesce(own_run, 0) = 0 ORDER BY mtime_ms, session_id`,
      )
      .all(projectFolder) as Pick<SessionRow, 'session_id' | 'score' | 'mtime_ms'>[];
    return rows.map((r) => ({
      sessionId: r.session_id,
      score: r.score,
      mtime: Math.floor(r.mtime_ms / 1000),
    }));
  }

  /** A small key/value note kept with the store (e.g. that a one-time warning was shown). */
  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  /** The schema version this store is at. */
  schemaVersion(): number {
    return this.db.pragma('user_version') as number;
  }

  close(): void {
    this.db.close();
  }
}

/**
 * Opens (creating and migrating as needed) the store at `path`; `:memory:` gives a throwaway store. A store
 * that cannot be used — corrupt, another program's database, read-only, a folder — is a StoreError naming
 * the file and what to do, when it is opened and whenever a later call meets the damage.
 */
export function openStore(path: string, options: SessionStoreOptions = {}): SessionStore {
  return guardStore(new SessionStore(path, options), path === ':memory:' ? path : resolve(path));
}
