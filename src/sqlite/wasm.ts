import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Database as WasmDatabase, Statement as WasmStatement } from 'node-sqlite3-wasm';
import { acquireLockSync, LockTimeoutError } from '../fsx/lock.js';
import { sqliteCodeForMessage } from './codes.js';
import type { OpenSqliteOptions, SqliteDatabase, SqliteParams, SqliteStatement } from './database.js';
import { loadWasmSqlite } from './engines.js';
import { transactionOn } from './transaction.js';

/*
 * The WebAssembly engine (node-sqlite3-wasm): SQLite compiled to WebAssembly, reading and writing the real
 * file through Node's fs, for a Node with neither a built-in SQLite nor a loadable better-sqlite3. The file
 * format is SQLite's own, so a store moves between engines as it is. What it lacks, and how it is made up:
 *
 * - No shared memory, so no WAL between processes. A WAL file (written by a native engine) is switched to a
 *   rollback journal on the first read-write open, once, in exclusive locking mode (which folds the WAL in);
 *   a native engine switches it back when it next opens the store. Both are ordinary SQLite steps.
 * - Its lock is a bare `<file>.lock` directory that a killed process leaves behind, which would make the
 *   store busy for ever. Every use of the file therefore runs under this project's own lock (the pid-bearing
 *   `<file>-wasm.lock`, taken over when its holder is gone), held for one statement or one transaction;
 *   under it, a `<file>.lock` directory can only be a dead process's and is removed.
 * - That lock is not the fcntl lock the native engines take: a native and a wasm process writing one store
 *   at the same moment would not see each other. The wasm engine is chosen only where this Node has no
 *   native one, so that takes two Node versions running at once on one store.
 * - A read-only open (or one of a file this process may not write) reads a private copy (the file with its
 *   `-wal` and `-journal`) in a fresh temporary folder, so that reading someone else's database (OpenCode's)
 *   leaves nothing beside it, not even a lock.
 */

/** Statements kept prepared per connection; an evicted one is finalized and prepared again when used. */
const STATEMENT_CACHE = 64;

/** A lock held longer than this is no live retrospect transaction's: one commits within seconds. */
const LOCK_STALE_MS = 10 * 60_000;

interface ResettableStatement extends WasmStatement {
  /** node-sqlite3-wasm's reset of a statement (private in its types): ends the read a `get` left open. */
  _reset?: () => boolean;
}

/** node-sqlite3-wasm's error with SQLite's code name in `code` (it gives the message only); others as they are. */
function sqliteError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'SQLite3Error') return error;
  if ((error as { code?: unknown }).code !== undefined) return error;
  const name = sqliteCodeForMessage(error.message);
  if (name !== undefined) Object.defineProperty(error, 'code', { value: name, configurable: true });
  return error;
}

function busyError(path: string): Error {
  return Object.assign(new Error(`database is locked (another process is using ${path})`), {
    code: 'SQLITE_BUSY',
  });
}

function cannotOpen(path: string, why: string): Error {
  return Object.assign(new Error(`unable to open database file ${path} (${why})`), {
    code: 'SQLITE_CANTOPEN',
  });
}

/** False for an existing file this process may not write (a missing one is created, so it counts as writable). */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** SQLite's header says whether the file is in WAL mode (bytes 18 and 19 are 2) or uses a rollback journal. */
function isWalFile(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const header = Buffer.alloc(20);
    return readSync(fd, header, 0, 20, 0) === 20 && header[18] === 2 && header[19] === 2;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The statement named by a bare key (`name`) in SQL written `@name`, as the other engines bind it. */
function bindable(params: SqliteParams): unknown {
  if (
    params.length === 1 &&
    params[0] !== null &&
    typeof params[0] === 'object' &&
    !(params[0] instanceof Uint8Array)
  ) {
    const named: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params[0] as Record<string, unknown>))
      named[/^[@:$]/.test(key) ? key : `@${key}`] = value;
    return named;
  }
  return params;
}

/** Runs every use of the file under the project's lock: one statement, or a whole transaction. */
function fileGuard(path: string | undefined, busyTimeoutMs: number, inTransaction: () => boolean) {
  let release: (() => void) | undefined;
  let depth = 0;
  return <T>(work: () => T): T => {
    if (path !== undefined && release === undefined) {
      try {
        // Polled often: a holder runs one transaction and may take the lock again at once, and a waiter that
        // sleeps long would miss every free moment between them.
        release = acquireLockSync(`${path}-wasm`, {
          timeoutMs: busyTimeoutMs,
          staleMs: LOCK_STALE_MS,
          maxPollMs: 5,
        });
      } catch (error) {
        throw error instanceof LockTimeoutError ? busyError(path) : error;
      }
      try {
        // Under our lock no live process is inside SQLite on this file: an empty `.lock` directory is the
        // engine's own lock, left by a process that was killed while it held it.
        rmdirSync(`${path}.lock`);
      } catch {
        // Not there (the usual case), or not empty and so not the engine's.
      }
    }
    depth++;
    try {
      return work();
    } catch (error) {
      throw sqliteError(error);
    } finally {
      depth--;
      if (depth === 0 && release !== undefined && !inTransaction()) {
        release();
        release = undefined;
      }
    }
  };
}

/** Finalizes a statement; SQLite answers with the error of its last run, which was reported then. */
function finalizeQuietly(statement: WasmStatement): void {
  if (statement.isFinalized) return;
  try {
    statement.finalize();
  } catch {
    // The statement is finalized all the same.
  }
}

function statementCache(db: WasmDatabase) {
  const prepared = new Map<string, ResettableStatement>();
  return {
    get(sql: string): ResettableStatement {
      let statement = prepared.get(sql);
      if (statement !== undefined && !statement.isFinalized) {
        prepared.delete(sql);
        prepared.set(sql, statement);
        return statement;
      }
      statement = db.prepare(sql) as ResettableStatement;
      prepared.set(sql, statement);
      if (prepared.size > STATEMENT_CACHE) {
        const [oldest, evicted] = prepared.entries().next().value as [string, ResettableStatement];
        prepared.delete(oldest);
        finalizeQuietly(evicted);
      }
      return statement;
    },
    finalizeAll(): void {
      for (const statement of prepared.values()) finalizeQuietly(statement);
      prepared.clear();
    },
  };
}

/** A private copy of a database for reading: the file, and its WAL or hot journal if it has one. */
function readableCopy(path: string): { copy: string; folder: string } {
  if (!existsSync(path)) throw cannotOpen(path, 'no such file');
  const folder = mkdtempSync(join(tmpdir(), 'retrospect-sqlite-'));
  const copy = join(folder, 'copy.sqlite');
  try {
    copyFileSync(path, copy);
    // The copy keeps the original's mode; it must be writable for SQLite to fold a WAL or journal into it.
    chmodSync(copy, 0o600);
    for (const suffix of ['-wal', '-journal']) {
      if (!existsSync(`${path}${suffix}`)) continue;
      copyFileSync(`${path}${suffix}`, `${copy}${suffix}`);
      chmodSync(`${copy}${suffix}`, 0o600);
    }
    return { copy, folder };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw cannotOpen(path, code);
  }
}

function construct(
  path: string,
  options: { readOnly?: boolean; fileMustExist?: boolean } = {},
): WasmDatabase {
  const sqlite = loadWasmSqlite();
  if (sqlite === null) throw new Error(`node-sqlite3-wasm is not installed`);
  try {
    return new sqlite.Database(path, options);
  } catch (error) {
    throw Object.assign(error as Error, { code: 'SQLITE_CANTOPEN' });
  }
}

/**
 * Switches a WAL file to a rollback journal, folding its WAL in (exclusive mode needs no shared memory).
 * A native engine keeps the WAL's shared memory (`-shm`) while it has the file open and removes it when the
 * last connection closes: while it is there, the file is in use by a process this engine cannot see, and
 * is not touched.
 */
function leaveWal(path: string): void {
  if (existsSync(`${path}-shm`)) {
    throw Object.assign(
      new Error(
        `database is locked (${path} is open in another process's native SQLite, in WAL mode: ` +
          'close that process, or run retrospect with the same Node as it)',
      ),
      { code: 'SQLITE_BUSY' },
    );
  }
  const db = construct(path, { fileMustExist: true });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.get('PRAGMA journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/**
 * Opens `path` on the WebAssembly engine, with the adapter's interface (see database.ts).
 *
 * Long on purpose: the opening (a read-only copy, the file guard) and then the one object that implements
 * SqliteDatabase over the open database, each of its methods a few lines sharing the database, its
 * statement cache and the guard.
 */
export function openWasmSqlite(
  given: string,
  options: OpenSqliteOptions,
  busyTimeoutMs: number,
): SqliteDatabase {
  const inMemory = given === ':memory:' || given === '';
  const path = inMemory ? given : resolve(given);
  // A file this process may not write is opened for reading, as the native engines do (SQLite's own file
  // layer falls back to reading): its statements read, and a write fails as SQLITE_READONLY.
  const readOnly = !inMemory && (options.readOnly === true || !writable(path));
  let scratch: string | undefined;
  let file = path;
  let guardPath: string | undefined;
  if (readOnly) {
    const copied = readableCopy(path);
    scratch = copied.folder;
    file = copied.copy;
  } else if (!inMemory) {
    guardPath = path;
  }
  let db: WasmDatabase | undefined;
  let guard: ReturnType<typeof fileGuard> | undefined;
  try {
    guard = fileGuard(guardPath, busyTimeoutMs, () => db?.isOpen === true && db.inTransaction);
    if (readOnly) {
      db = construct(file, { fileMustExist: true });
      // The copy is private: exclusive mode reads a WAL without shared memory; nothing is written back.
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
      db.exec('PRAGMA query_only = 1');
    } else {
      // Opening reads nothing (as on the other engines, a busy file is met by the first statement); only
      // a WAL file is read now, to leave WAL, under the lock.
      if (!inMemory && isWalFile(file)) guard(() => leaveWal(file));
      db = construct(file);
    }
  } catch (error) {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    throw sqliteError(error);
  }
  const open = db;
  const run = guard;
  const statements = statementCache(open);
  // The engine's own wait, for a `.lock` directory met between our lock's checks (none, normally).
  open.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  const prepareOn = (sql: string): SqliteStatement => {
    // Prepared at once, as the other engines do, so that an error in the SQL is met here.
    run(() => statements.get(sql));
    return {
      run: (...params) =>
        run(() => ({ changes: statements.get(sql).run(bindable(params) as never).changes })),
      get: (...params) =>
        run(() => {
          const statement = statements.get(sql);
          try {
            return statement.get(bindable(params) as never) ?? undefined;
          } finally {
            // A row read leaves the statement open and its read lock held until the statement is reset.
            statement._reset?.();
          }
        }),
      all: (...params) => run(() => statements.get(sql).all(bindable(params) as never)),
    };
  };
  const exec = (sql: string) => run(() => open.exec(sql));
  return {
    engine: 'node-sqlite3-wasm',
    prepare: prepareOn,
    exec,
    pragma: (pragma) =>
      run(() => {
        const row = open.get(`PRAGMA ${pragma}`);
        return row === null ? undefined : Object.values(row)[0];
      }),
    transaction: transactionOn({ exec }),
    close: () => {
      if (!open.isOpen) return;
      try {
        run(() => {
          statements.finalizeAll();
          open.close();
        });
      } finally {
        if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}
