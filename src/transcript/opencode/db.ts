import { closeSync, readSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { RetrospectError } from '../../errors/errors.js';
import { openRegularFd } from '../../fsx/read-regular.js';
import { openSqlite, type SqliteDatabase } from '../../sqlite/index.js';
import { isObject, type Json } from '../json-value.js';
import { MAX_RECORD_BYTES } from '../lines.js';
import { fileStat } from '../source.js';
import type { OpencodeMessage } from './convert.js';

/**
 * OpenCode's SQLite database (v1.2+): every session of every project in one file, `session` / `message` /
 * `part` rows whose `data` column holds the message or part as JSON. The database is live (WAL mode) and the
 * user's: it is opened read-only, never written, and a locked database is waited for briefly.
 *
 * A session is named by a path under the database file, `<db>/<session id>`.
 */

const SQLITE_HEADER = 'SQLite format 3\0';
const BUSY_TIMEOUT_MS = 5_000;

type Database = SqliteDatabase;

/** Whether a file starts with SQLite's header. */
function isSqliteFile(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openRegularFd(path);
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === SQLITE_HEADER;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The database and session id a session path names, when it names one (`…/opencode.db/ses_…`). */
export function splitSessionPath(path: string): { db: string; sessionId: string } | undefined {
  // A database's name is in the path: without `.db` in it, no dirname (a walk of its characters) is made.
  if (!path.includes('.db')) return undefined;
  const db = dirname(path);
  if (!db.endsWith('.db') || fileStat(db) === undefined) return undefined;
  return { db, sessionId: basename(path) };
}

/** The SQLite engine is loaded on first use: a scan without OpenCode sessions never pays for it. */
function open(db: string): Database {
  // A FIFO or a device named opencode.db would block SQLite's open: only a regular file is opened.
  closeSync(openRegularFd(db));
  return openSqlite(db, { readOnly: true, busyTimeoutMs: BUSY_TIMEOUT_MS });
}

function withDatabase<T>(db: string, use: (database: Database) => T): T | undefined {
  let database: Database | undefined;
  try {
    database = open(db);
    return use(database);
  } catch (error) {
    // A database that cannot be read is no sessions; a Node without any SQLite engine is the user's to fix.
    if (error instanceof RetrospectError && error.code === 'E_NO_SQLITE') throw error;
    return undefined;
  } finally {
    database?.close();
  }
}

function columnsOf(database: Database, table: string): Set<string> {
  const rows = database.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  return new Set(rows.map((row) => row.name));
}

/** OpenCode's tables, the only ones read. */
const OPENCODE_TABLES = ['session', 'message', 'part'] as const;

/**
 * Whether each of OpenCode's names is a plain stored table. A view of the same name (a recursive CTE that
 * never ends, say) or a virtual table would run whatever query its author wrote on every read, and hang
 * the scan, the gate and the MCP tools: only rows SQLite stores are read.
 */
function hasOnlyStoredTables(database: Database): boolean {
  const rows = database
    .prepare(
      `SELECT name, type, sql FROM sqlite_master WHERE name IN (${OPENCODE_TABLES.map(() => '?').join(', ')})`,
    )
    .all(...OPENCODE_TABLES) as { name: string; type: string; sql: string | null }[];
  return OPENCODE_TABLES.every((name) =>
    rows.some(
      (row) => row.name === name && row.type === 'table' && !/^\s*CREATE\s+VIRTUAL\b/i.test(row.sql ?? ''),
    ),
  );
}

/**
 * Most sessions read from one database: far above any real OpenCode history, and a bound on what a
 * crafted file can make a scan hold.
 */
const MAX_OPENCODE_SESSIONS = 200_000;

/**
 * Whether a database is OpenCode's: `session`, `message` and `part` tables (stored tables, not views) with
 * the columns this reader uses. (The original Go OpenCode, now Crush, also wrote an `opencode.db`, with
 * other tables.)
 */
export function isOpencodeDatabase(db: string): boolean {
  if (!isSqliteFile(db)) return false;
  return (
    withDatabase(db, (database) => {
      if (!hasOnlyStoredTables(database)) return false;
      const session = columnsOf(database, 'session');
      const message = columnsOf(database, 'message');
      const part = columnsOf(database, 'part');
      return (
        ['id', 'directory', 'time_created', 'time_updated'].every((c) => session.has(c)) &&
        ['id', 'session_id', 'data'].every((c) => message.has(c)) &&
        ['id', 'message_id', 'data'].every((c) => part.has(c))
      );
    }) === true
  );
}

/** One session row and what a rescan compares. */
export interface OpencodeSessionRow {
  id: string;
  parentId: string | undefined;
  directory: string;
  timeCreated: number;
  timeUpdated: number;
  /** Bytes of the session's message and part data: grows with every change. */
  size: number;
}

/**
 * SQL for a value's size in bytes. `octet_length` (SQLite 3.43+) reads the size from the record header
 * without loading the value; `LENGTH` of a text loads it whole to count its characters (a 150 MB part cost
 * 194 MB for its length alone, octet_length 49 MB). An older SQLite gets the loading form.
 */
function byteLength(database: Database, column: string): string {
  try {
    database.prepare("SELECT octet_length('')").get();
    return `octet_length(${column})`;
  } catch {
    return `LENGTH(CAST(${column} AS BLOB))`;
  }
}

function sessionRowsSql(database: Database): string {
  const bytes = (column: string) => byteLength(database, column);
  return `
  SELECT s.id AS id, s.parent_id AS parentId, s.directory AS directory, s.time_created AS timeCreated,
         s.time_updated AS timeUpdated,
         COALESCE((SELECT SUM(${bytes('m.data')}) FROM message m WHERE m.session_id = s.id), 0) +
         COALESCE((SELECT SUM(${bytes('p.data')}) FROM part p JOIN message m ON m.id = p.message_id
                   WHERE m.session_id = s.id), 0) AS size
  FROM session s`;
}

/** Every session of an OpenCode database (none when it is not one, or cannot be read). */
export function sessionRows(db: string): OpencodeSessionRow[] {
  if (!isOpencodeDatabase(db)) return [];
  return (
    withDatabase(db, (database) =>
      (
        database
          .prepare(`${sessionRowsSql(database)} LIMIT ${MAX_OPENCODE_SESSIONS}`)
          .all() as OpencodeSessionRow[]
      ).map((row) => ({
        ...row,
        parentId: row.parentId ?? undefined,
      })),
    ) ?? []
  );
}

/** One session row, or undefined when the database or the session is gone. */
export function sessionRow(db: string, sessionId: string): OpencodeSessionRow | undefined {
  return withDatabase(db, (database) => {
    if (!hasOnlyStoredTables(database)) return undefined;
    const row = database.prepare(`${sessionRowsSql(database)} WHERE s.id = ?`).get(sessionId) as
      | OpencodeSessionRow
      | undefined;
    return row ? { ...row, parentId: row.parentId ?? undefined } : undefined;
  });
}

function parseData(text: unknown): Json {
  if (typeof text !== 'string') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** A row of a page: its key, its data's size in bytes, and its data (NULL when over the cap). */
type Paged<T> = T & { id: string; bytes: unknown; data: unknown };

/** Rows read per query: what one page holds, however many rows a session has. */
const PAGE_ROWS = 500;

/**
 * A session's messages in order (creation time, then id: ids are time-ordered), each with its parts. Parts
 * are read a page at a time (keyed on their order), and a row whose data is over `maxRowBytes`
 * (MAX_RECORD_BYTES) is never loaded: SQLite gives its size only, the row is left out and `onOversized` is
 * told. A 150 MB part cost 1.23 GB read with the rest; now it costs its size query.
 */
export function sessionMessages(
  db: string,
  sessionId: string,
  options: { maxRowBytes?: number; onOversized?: () => void } = {},
): OpencodeMessage[] | undefined {
  const maxRowBytes = options.maxRowBytes ?? MAX_RECORD_BYTES;
  return withDatabase(db, (database) => {
    if (!hasOnlyStoredTables(database)) return undefined;
    const capped = (column: string) =>
      `CASE WHEN ${byteLength(database, column)} > ${Math.floor(maxRowBytes)} THEN NULL ELSE ${column} END`;
    // Messages are small (the text sits in parts) and ordered by an expression no index serves: one query.
    const messageRows = database.prepare(
      `SELECT id, ${byteLength(database, 'data')} AS bytes, ${capped('data')} AS data
       FROM message WHERE session_id = ? ORDER BY time_created, id`,
    );
    const partPage = database.prepare(
      `SELECT p.message_id AS messageId, p.id AS id, ${byteLength(database, 'p.data')} AS bytes,
              ${capped('p.data')} AS data
       FROM part p JOIN message m ON m.id = p.message_id
       WHERE m.session_id = ? AND (p.message_id, p.id) > (?, ?)
       ORDER BY p.message_id, p.id LIMIT ${PAGE_ROWS}`,
    );
    const byMessage = new Map<string, Json[]>();
    let after: [string, string] = ['', ''];
    for (;;) {
      const page = partPage.all(sessionId, ...after) as Paged<{ messageId: string }>[];
      for (const part of page) {
        if (Number(part.bytes) > maxRowBytes) {
          options.onOversized?.();
          continue;
        }
        let list = byMessage.get(part.messageId);
        if (!list) {
          list = [];
          byMessage.set(part.messageId, list);
        }
        list.push(parseData(part.data));
      }
      const last = page[page.length - 1];
      if (!last || page.length < PAGE_ROWS) break;
      after = [last.messageId, last.id];
    }
    const messages: OpencodeMessage[] = [];
    for (const message of messageRows.all(sessionId) as Paged<object>[]) {
      const oversized = Number(message.bytes) > maxRowBytes;
      if (oversized) options.onOversized?.();
      messages.push({
        id: message.id,
        data: oversized ? {} : parseData(message.data),
        parts: byMessage.get(message.id) ?? [],
      });
    }
    return messages;
  });
}
