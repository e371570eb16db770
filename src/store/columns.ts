import type { SessionUsage } from '../cost/session-usage.js';
import type { GateVerdict } from '../gate/score.js';
import { SIGNAL_NAMES, type SignalName } from '../gate/signals.js';
import type { SqliteValue } from '../sqlite/index.js';

/** A signal's count column: `s1` for S1. */
export type SignalColumn = Lowercase<SignalName>;

export function signalColumn(name: SignalName): SignalColumn {
  return name.toLowerCase() as SignalColumn;
}

/**
 * One stored session as both stores hold it, column for column, in the engine-neutral form: flags are
 * booleans and the verdict and usage are objects. Each engine converts its own values to and from this
 * shape through SESSION_COLUMNS (SQLite: integers for flags, JSON as text), so that a record is built from
 * a row, and a row from a record, in one place (row.ts).
 */
export interface SessionRow extends Record<SignalColumn, number> {
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
  verdict: GateVerdict;
  /** The verdict's score and whether it passed, kept as columns so that SQL can sort and count by them. */
  score: number;
  passed: boolean;
  gone: boolean;
  scanned_at: string;
  ledger_s2: string | null;
  transcript_s2: string | null;
  ledger_stale: boolean;
  own_run: boolean | null;
  gate_profile: string;
  turns_human: number | null;
  turns_assistant: number | null;
  turns_tool_errors: number | null;
  usage: SessionUsage | null;
}

/**
 * How a column's value travels: `plain` values are the same in the row and in both engines; a `flag` is a
 * boolean in the row and PostgreSQL and 0/1 in SQLite; `json` is an object in the row, JSON text in SQLite
 * and a JSON column in PostgreSQL (written as text, which the driver parses back on reading).
 */
export type ColumnKind = 'plain' | 'flag' | 'json';

export interface SessionColumn {
  /** The row's field, and the column's name in PostgreSQL. */
  name: keyof SessionRow;
  /** The column's name in SQLite: the row's field but for the two JSON columns of the first schema. */
  sqliteName: string;
  /** The column's definition in SQLite (type, NOT NULL, default), as the migrations make it. */
  sqlite: string;
  /** The column's definition in PostgreSQL, as its migrations make it. */
  postgres: string;
  kind: ColumnKind;
}

function column(
  name: keyof SessionRow,
  sqlite: string,
  postgres: string,
  kind: ColumnKind = 'plain',
  sqliteName: string = name,
): SessionColumn {
  return { name, sqliteName, sqlite, postgres, kind };
}

/**
 * Every column of the sessions table, in the order the migrations made them (src/store/schema.ts,
 * src/store/postgres/schema.ts). The migrations stay as they shipped, so that an existing store opens
 * unchanged; the tests check that a store they make has exactly these columns. The statements that write
 * and read rows, and the shared store's check of its tables, are derived from this list.
 */
export const SESSION_COLUMNS: readonly SessionColumn[] = [
  column('path', 'TEXT PRIMARY KEY', 'TEXT NOT NULL'),
  column('size', 'INTEGER NOT NULL', 'BIGINT NOT NULL'),
  column('mtime_ms', 'REAL NOT NULL', 'DOUBLE PRECISION NOT NULL'),
  column('host', 'TEXT NOT NULL', 'TEXT NOT NULL'),
  column('session_id', 'TEXT NOT NULL', 'TEXT NOT NULL'),
  column('parent_session_id', 'TEXT', 'TEXT'),
  column('agent_id', 'TEXT', 'TEXT'),
  column('project', 'TEXT NOT NULL', 'TEXT NOT NULL'),
  column('first_ts', 'TEXT', 'TEXT'),
  column('last_ts', 'TEXT', 'TEXT'),
  column('lines', 'INTEGER NOT NULL', 'INTEGER NOT NULL'),
  column('gate_version', 'INTEGER NOT NULL', 'INTEGER NOT NULL'),
  column('verdict', 'TEXT NOT NULL', 'JSON NOT NULL', 'json', 'verdict_json'),
  column('score', 'REAL NOT NULL', 'DOUBLE PRECISION NOT NULL'),
  column('passed', 'INTEGER NOT NULL', 'BOOLEAN NOT NULL', 'flag'),
  ...SIGNAL_NAMES.map((name) =>
    column(signalColumn(name), 'INTEGER NOT NULL DEFAULT 0', 'INTEGER NOT NULL DEFAULT 0'),
  ),
  column('gone', 'INTEGER NOT NULL DEFAULT 0', 'BOOLEAN NOT NULL DEFAULT FALSE', 'flag'),
  column('scanned_at', 'TEXT NOT NULL', 'TEXT NOT NULL'),
  column('ledger_s2', 'TEXT', 'TEXT'),
  column('transcript_s2', 'TEXT', 'TEXT'),
  column('ledger_stale', 'INTEGER NOT NULL DEFAULT 0', 'BOOLEAN NOT NULL DEFAULT FALSE', 'flag'),
  column('own_run', 'INTEGER', 'BOOLEAN', 'flag'),
  column('gate_profile', "TEXT NOT NULL DEFAULT 'seed'", "TEXT NOT NULL DEFAULT 'seed'"),
  column('turns_human', 'INTEGER', 'INTEGER'),
  column('turns_assistant', 'INTEGER', 'INTEGER'),
  column('turns_tool_errors', 'INTEGER', 'INTEGER'),
  column('usage', 'TEXT', 'JSON', 'json', 'usage_json'),
];

/** A definition's type alone (`DOUBLE PRECISION NOT NULL` → `double precision`), as the catalogs name it. */
export function typeOfDefinition(definition: string): string {
  return definition
    .replace(/\s+(NOT NULL|DEFAULT|PRIMARY KEY)\b.*$/, '')
    .trim()
    .toLowerCase();
}

/** A row's value as SQLite stores it. */
function toSqlite(kind: ColumnKind, value: unknown): SqliteValue {
  if (value === null || value === undefined) return null;
  if (kind === 'flag') return value ? 1 : 0;
  if (kind === 'json') return JSON.stringify(value);
  return value as SqliteValue;
}

/** A value SQLite returned, in the row's form. */
function fromSqlite(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'flag') return value !== 0;
  if (kind === 'json') return JSON.parse(value as string);
  return value;
}

/** A row's values named as the SQLite statements name them (`@verdict_json`, ...). */
export function sqliteValues(row: SessionRow): Record<string, SqliteValue> {
  const values: Record<string, SqliteValue> = {};
  for (const c of SESSION_COLUMNS) values[c.sqliteName] = toSqlite(c.kind, row[c.name]);
  return values;
}

/**
 * A row (or, for a select of some columns, part of one) as SQLite returned it under the row's names (see
 * sqliteSelectList), put in the row's form in place and returned. Other fields (computed ones such as
 * `gate_error`) pass unchanged; SQLite returns no column as undefined.
 */
export function fromSqliteRow<R extends Partial<SessionRow>>(raw: Record<string, unknown>): R {
  // In place, and only the columns whose form differs: every engine returns a fresh object per row, and a
  // scan lists a thousand rows of forty columns. A look-up per field was most of the listing's time once;
  // a copy of each row (the driver's rows are dictionaries) was half of what was left.
  for (const c of CONVERTED_COLUMNS) {
    if (!(c.name in raw)) continue;
    raw[c.name] = fromSqlite(c.kind, raw[c.name]);
  }
  return raw as R;
}

/** The columns whose value SQLite returns in another form than the row's (flags, JSON). */
const CONVERTED_COLUMNS = SESSION_COLUMNS.filter((c) => c.kind !== 'plain');

/** The select list of these columns under the row's names (`verdict_json AS verdict`). */
export function sqliteSelectList(columns: readonly SessionColumn[] = SESSION_COLUMNS): string {
  return columns.map((c) => (c.sqliteName === c.name ? c.name : `${c.sqliteName} AS ${c.name}`)).join(', ');
}

/** A row's values in SESSION_COLUMNS order, as the PostgreSQL driver takes them. */
export function postgresValues(row: SessionRow): unknown[] {
  return SESSION_COLUMNS.map((c) => {
    const value = row[c.name];
    return c.kind === 'json' && value !== null ? JSON.stringify(value) : value;
  });
}

/** The named columns, in SESSION_COLUMNS order. */
export function columnsNamed(...names: (keyof SessionRow)[]): SessionColumn[] {
  return SESSION_COLUMNS.filter((c) => names.includes(c.name));
}

/** The stored columns a rescan compares with the file on disk (KnownFile), in both engines. */
export const KNOWN_FILE_COLUMNS = [
  'path',
  'size',
  'mtime_ms',
  'gate_version',
  'gone',
  'session_id',
  'ledger_s2',
  'ledger_stale',
  'own_run',
  'gate_profile',
] as const satisfies readonly (keyof SessionRow)[];

/** A rescan's row: the compared columns and three facts each engine works out in SQL (F: its boolean). */
export type KnownFileRow<F> = Pick<SessionRow, (typeof KNOWN_FILE_COLUMNS)[number]> & {
  gate_error: F;
  has_turns: F;
  has_usage: F;
};
