import type BetterSqlite3 from 'better-sqlite3';
import { sqliteCodeName } from './codes.js';
import {
  defaultEngine,
  loadBetterSqlite,
  loadNodeSqlite,
  noEngineMessage,
  type SqliteEngineName,
} from './engines.js';
import { transactionOn } from './transaction.js';
import { openWasmSqlite } from './wasm.js';

/** Values SQLite binds: the store converts flags to 0/1 and absent values to null itself. */
export type SqliteValue = string | number | bigint | null | Uint8Array;
/** Positional values, or one object of named values (`@name` in the SQL, `name` in the object). */
export type SqliteParams = SqliteValue[] | [Record<string, SqliteValue>];

export interface SqliteStatement {
  run(...params: SqliteParams): { changes: number };
  get(...params: SqliteParams): unknown;
  all(...params: SqliteParams): unknown[];
}

/**
 * The part of SQLite the store and the OpenCode reader use, the same on every engine: statements, `exec`,
 * a pragma's value and transactions. An error from either engine carries SQLite's code name in `code`
 * (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
 */
export interface SqliteDatabase {
  readonly engine: SqliteEngineName;
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  /** The first column of the first row of `PRAGMA <pragma>` (undefined for a pragma that returns nothing). */
  pragma(pragma: string): unknown;
  /**
   * Runs `work` in one transaction: committed when it returns, rolled back when it throws. `immediate`
   * takes the write lock first (BEGIN IMMEDIATE), so that a read-then-write cannot race another writer.
   */
  transaction<T>(work: () => T, mode?: 'deferred' | 'immediate'): T;
  close(): void;
}

export interface OpenSqliteOptions {
  /** Open an existing file for reading only; a missing file is an error, never created. */
  readOnly?: boolean;
  /** How long a statement waits for another connection's lock before SQLITE_BUSY (ms; default 5000). */
  busyTimeoutMs?: number;
  /** The engine; default: the built-in one where Node has it, else better-sqlite3, else node-sqlite3-wasm. */
  engine?: SqliteEngineName;
}

/** The error with SQLite's code name in `code`: node:sqlite gives only the number (`errcode`). */
function named(error: unknown): unknown {
  if (error instanceof Error) {
    const fields = error as Error & { code?: unknown; errcode?: unknown };
    if (fields.code === 'ERR_SQLITE_ERROR' && typeof fields.errcode === 'number') {
      const name = sqliteCodeName(fields.errcode);
      if (name !== undefined) Object.defineProperty(error, 'code', { value: name, configurable: true });
    }
  }
  return error;
}

function guarded<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw named(error);
  }
}

/** better-sqlite3's default, kept for every engine: a lock held for a moment is waited for. */
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

function busyTimeout(options: OpenSqliteOptions): number {
  return Math.max(0, Math.floor(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS));
}

function firstColumn(row: unknown): unknown {
  return row === undefined || row === null ? undefined : Object.values(row as object)[0];
}

function openNodeSqlite(path: string, options: OpenSqliteOptions): SqliteDatabase {
  const sqlite = loadNodeSqlite();
  if (sqlite === null) throw new Error(`node:sqlite is not available in Node ${process.version}`);
  const db = new sqlite.DatabaseSync(path, { readOnly: options.readOnly === true });
  const exec = (sql: string) => guarded(() => db.exec(sql));
  const adapter: SqliteDatabase = {
    engine: 'node:sqlite',
    prepare(sql) {
      const statement = guarded(() => db.prepare(sql));
      return {
        run: (...params) =>
          guarded(() => ({ changes: Number(statement.run(...(params as never[])).changes) })),
        get: (...params) => guarded(() => statement.get(...(params as never[]))),
        all: (...params) => guarded(() => statement.all(...(params as never[]))),
      };
    },
    exec,
    pragma: (pragma) => guarded(() => firstColumn(db.prepare(`PRAGMA ${pragma}`).get())),
    transaction: transactionOn({ exec }),
    close: () => db.close(),
  };
  adapter.pragma(`busy_timeout = ${busyTimeout(options)}`);
  return adapter;
}

function openBetterSqlite(path: string, options: OpenSqliteOptions): SqliteDatabase {
  const Database = loadBetterSqlite();
  if (Database === null) throw new Error(noEngineMessage());
  const db: BetterSqlite3.Database = new Database(path, {
    readonly: options.readOnly === true,
    fileMustExist: options.readOnly === true,
    timeout: busyTimeout(options),
  });
  const exec = (sql: string) => {
    db.exec(sql);
  };
  return {
    engine: 'better-sqlite3',
    prepare(sql) {
      const statement = db.prepare(sql);
      return {
        run: (...params) => ({ changes: statement.run(...params).changes }),
        get: (...params) => statement.get(...params),
        all: (...params) => statement.all(...params),
      };
    },
    exec,
    pragma: (pragma) => db.pragma(pragma, { simple: true }),
    transaction: transactionOn({ exec }),
    close: () => db.close(),
  };
}

/** Opens the SQLite database at `path` (`:memory:` for a throwaway one) on the chosen or default engine. */
export function openSqlite(path: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  const engine = options.engine ?? defaultEngine();
  if (engine === 'node-sqlite3-wasm') return openWasmSqlite(path, options, busyTimeout(options));
  return guarded(() => (engine === 'node:sqlite' ? openNodeSqlite : openBetterSqlite)(path, options));
}
