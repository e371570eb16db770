import { resolve, sep } from 'node:path';
import type { SessionUsage } from '../cost/session-usage.js';
import { ledgerCoverageKey } from '../gate/ledger-s2.js';
import type { GateVerdict } from '../gate/score.js';
import type { SignalName } from '../gate/signals.js';
import type { SqliteDatabase, SqliteEngineName, SqliteValue } from '../sqlite/index.js';
import { connectStore } from './connect.js';
import { guardStore } from './guard.js';
import type { SessionStorePort } from './port.js';
import { profileOf, recordOfRow } from './row.js';
import { activeWithin, sessionStartsBounded } from './session-starts.js';
import type { KnownFile, SessionQuery, SessionRecord, StoredSessionScore } from './types.js';

/** The file name of the store inside Retrospect's data folder. */
export const STORE_FILE = 'store.sqlite';

interface Row {
  path: string;
  size: number;
  mtime_ms: number;
  host: string;
  session_id: string;
  parent_session_id: string | null;
  agent_id: string | null;
  project: string;
  first_ts: string | null;
  last_ts: string | null;
  lines: number;
  gate_version: number;
  verdict_json: string;
  score: number;
  passed: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  gone: number;
  scanned_at: string;
  ledger_s2: string | null;
  transcript_s2: string | null;
  ledger_stale: number;
  own_run: number | null;
  gate_profile: string;
  turns_human: number | null;
  turns_assistant: number | null;
  turns_tool_errors: number | null;
  usage_json: string | null;
}

/** The SQLite row in the shape both stores share: flags are integers and the verdict is JSON text here. */
function toRecord(row: Row): SessionRecord {
  return recordOfRow({
    ...row,
    verdict: JSON.parse(row.verdict_json) as GateVerdict,
    gone: row.gone !== 0,
    ledger_stale: row.ledger_stale !== 0,
    own_run: row.own_run === null ? null : row.own_run !== 0,
    usage: row.usage_json === null ? null : (JSON.parse(row.usage_json) as SessionUsage),
  });
}

/** Signal counts of a verdict, every signal present (0 when it did not match). */
export function countSignals(verdict: GateVerdict): Record<SignalName, number> {
  const counts = { S1: 0, S2: 0, S3: 0, S4: 0, S5: 0 };
  for (const signal of verdict.signals) counts[signal.name] = signal.count;
  return counts;
}

const UPSERT = `INSERT INTO sessions (path, size, mtime_ms, host, session_id, parent_session_id, agent_id, project,
    first_ts, last_ts, lines, gate_version, verdict_json, score, passed, s1, s2, s3, s4, s5, gone, scanned_at,
    ledger_s2, transcript_s2, ledger_stale, own_run, gate_profile, turns_human, turns_assistant, turns_tool_errors,
    usage_json)
  VALUES (@path, @size, @mtime_ms, @host, @session_id, @parent_session_id, @agent_id, @project, @first_ts, @last_ts,
    @lines, @gate_version, @verdict_json, @score, @passed, @s1, @s2, @s3, @s4, @s5, @gone, @scanned_at,
    @ledger_s2, @transcript_s2, @ledger_stale, @own_run, @gate_profile, @turns_human, @turns_assistant,
    @turns_tool_errors, @usage_json)
  ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, host = excluded.host,
    session_id = excluded.session_id, parent_session_id = excluded.parent_session_id, agent_id = excluded.agent_id,
    project = excluded.project, first_ts = excluded.first_ts, last_ts = excluded.last_ts, lines = excluded.lines,
    gate_version = excluded.gate_version, verdict_json = excluded.verdict_json, score = excluded.score,
    passed = excluded.passed, s1 = excluded.s1, s2 = excluded.s2, s3 = excluded.s3, s4 = excluded.s4,
    s5 = excluded.s5, gone = excluded.gone, scanned_at = excluded.scanned_at, ledger_s2 = excluded.ledger_s2,
    transcript_s2 = excluded.transcript_s2, ledger_stale = excluded.ledger_stale, own_run = excluded.own_run,
    gate_profile = excluded.gate_profile, turns_human = excluded.turns_human,
    turns_assistant = excluded.turns_assistant, turns_tool_errors = excluded.turns_tool_errors,
    usage_json = excluded.usage_json`;

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
        insert.run({
          path: r.path,
          size: r.size,
          mtime_ms: r.mtimeMs,
          host: r.host,
          session_id: r.sessionId,
          parent_session_id: r.parentSessionId ?? null,
          agent_id: r.agentId ?? null,
          project: r.project,
          first_ts: r.firstTimestamp ?? null,
          last_ts: r.lastTimestamp ?? null,
          lines: r.lines,
          gate_version: r.gateVersion,
          verdict_json: JSON.stringify(r.verdict),
          score: r.verdict.score,
          passed: r.verdict.passed ? 1 : 0,
          s1: r.signalCounts.S1,
          s2: r.signalCounts.S2,
          s3: r.signalCounts.S3,
          s4: r.signalCounts.S4,
          s5: r.signalCounts.S5,
          gone: r.gone ? 1 : 0,
          scanned_at: r.scannedAt,
          ledger_s2: r.ledgerS2 === undefined ? null : ledgerCoverageKey(r.ledgerS2),
          transcript_s2: r.transcriptS2 === undefined ? null : JSON.stringify(r.transcriptS2),
          ledger_stale: r.ledgerStale ? 1 : 0,
          own_run: r.ownRun === undefined ? null : r.ownRun ? 1 : 0,
          gate_profile: r.gateProfile,
          turns_human: r.turns?.human ?? null,
          turns_assistant: r.turns?.assistant ?? null,
          turns_tool_errors: r.turns?.toolErrors ?? null,
          usage_json: r.usage === undefined ? null : JSON.stringify(r.usage),
        });
      }
    });
  }

  /** What a rescan compares, for every stored file under `root` (all files when omitted). */
  knownFiles(root?: string): Map<string, KnownFile> {
    const columns = `path, size, mtime_ms, gate_version, gone, session_id, ledger_s2, ledger_stale, own_run, gate_profile,
      json_extract(verdict_json, '$.error') IS NOT NULL AS gate_error, turns_human IS NOT NULL AS has_turns,
      usage_json IS NOT NULL AS has_usage`;
    const rows = (
      root === undefined
        ? this.db.prepare(`SELECT ${columns} FROM sessions`).all()
        : this.db
            .prepare(`SELECT ${columns} FROM sessions WHERE substr(path, 1, ?) = ?`)
            .all(Array.from(root).length, root)
    ) as (Pick<
      Row,
      | 'path'
      | 'size'
      | 'mtime_ms'
      | 'gate_version'
      | 'gone'
      | 'session_id'
      | 'ledger_s2'
      | 'ledger_stale'
      | 'own_run'
      | 'gate_profile'
    > & { gate_error: number; has_turns: number; has_usage: number })[];
    const known = new Map<string, KnownFile>();
    for (const row of rows) {
      known.set(row.path, {
        size: row.size,
        mtimeMs: row.mtime_ms,
        gateVersion: row.gate_version,
        gone: row.gone !== 0,
        sessionId: row.session_id,
        ledgerS2: row.ledger_s2 ?? undefined,
        ledgerStale: row.ledger_stale !== 0,
        gateError: row.gate_error !== 0,
        ownRun: row.own_run === null ? undefined : row.own_run !== 0,
        gateProfile: profileOf(row.gate_profile),
        hasTurns: row.has_turns !== 0,
        hasUsage: row.has_usage !== 0,
      });
    }
    return known;
  }

  /** The stored record of one file. */
  sessionAt(path: string): SessionRecord | undefined {
    const row = this.db.prepare('SELECT * FROM sessions WHERE path = ?').get(path) as Row | undefined;
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
    const sql = `SELECT * FROM sessions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY path`;
    const records = (this.db.prepare(sql).all(...params) as Row[]).map(toRecord);
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
      .all(projectFolder) as Pick<Row, 'session_id' | 'score' | 'mtime_ms'>[];
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
