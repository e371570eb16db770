import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreError } from '../errors/errors.js';
import { makeDirsSync } from '../fsx/make-dirs.js';
import { sleepSync } from '../fsx/sleep.js';
import { openSqlite, type SqliteDatabase, type SqliteEngineName } from '../sqlite/index.js';
import { storeErrorFor, storeProblemMessage } from './problems.js';
import { MIGRATIONS, migrate } from './schema.js';
import { notSqliteDetail, sqliteHeaderOf } from './sqlite-header.js';

/**
 * Puts the store in WAL mode. Switching takes an exclusive lock, and when several processes create one
 * new store at once SQLite may answer SQLITE_BUSY at once rather than through the busy handler (a lock
 * upgrade it will not wait for): such an answer is retried for up to 5 s.
 */
function switchToWal(db: SqliteDatabase): void {
  const deadline = Date.now() + 5_000;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() > deadline) throw error;
      sleepSync(pause + Math.random() * pause);
    }
  }
}

/** Anything at `path` that SQLite must not be pointed at: a folder, a FIFO (reading it would block), a device. */
function refuseNonFile(path: string): void {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined || stat.isFile()) return;
  const what = stat.isDirectory() ? 'a folder' : 'not a regular file';
  throw new StoreError(path, 'not-a-file', storeProblemMessage(path, 'not-a-file', what));
}

/** A file that is not SQLite at all (a text file given as --store) is named as such, never "damaged". */
function refuseNotSqlite(path: string): void {
  if (statSync(path, { throwIfNoEntry: false }) === undefined) return;
  if (sqliteHeaderOf(path) !== 'other') return;
  throw new StoreError(path, 'not-a-store', storeProblemMessage(path, 'not-a-store', notSqliteDetail(path)));
}

/**
 * A database that is not ours is never migrated into one: tables but no session store version, or a
 * version but no sessions table. A new (empty) database is fine.
 */
function refuseForeign(db: SqliteDatabase, path: string): void {
  // Both reads in one snapshot: a process creating the same store commits its tables and its version
  // together, and two separate reads could see the tables but not yet the version.
  const { version, tables } = db.transaction(() => ({
    version: db.pragma('user_version') as number,
    tables: (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((row) => row.name),
  }));
  if (version > MIGRATIONS.length) {
    const detail = `has schema version ${version}, newer than this release understands (${MIGRATIONS.length}): upgrade retrospect`;
    throw new StoreError(path, 'newer-schema', storeProblemMessage(path, 'newer-schema', detail));
  }
  const foreign = version === 0 ? tables.length > 0 : !tables.includes('sessions');
  if (foreign) {
    const detail = `a SQLite database with the tables ${tables.slice(0, 5).join(', ') || 'none'}`;
    throw new StoreError(path, 'not-a-store', storeProblemMessage(path, 'not-a-store', detail));
  }
}

/**
 * Opens the store's database: creates its folder and file when missing, refuses anything that is not a
 * session store, then WAL mode and the migrations. Every failure that is about the file becomes a
 * StoreError naming the file and what to do.
 */
export function connectStore(given: string, engine?: SqliteEngineName): SqliteDatabase {
  // Messages name the file as an absolute path, so that their `mv` advice works from anywhere.
  const path = given === ':memory:' ? given : resolve(given);
  let db: SqliteDatabase | undefined;
  try {
    if (path !== ':memory:') {
      refuseNonFile(path);
      refuseNotSqlite(path);
      makeDirsSync(dirname(path));
    }
    // The busy timeout is set before anything that locks: switching a new store to WAL, and migrating,
    // wait for a concurrent creator instead of failing with SQLITE_BUSY.
    db = openSqlite(path, { busyTimeoutMs: 5_000, engine });
    refuseForeign(db, path);
    switchToWal(db);
    db.pragma('synchronous = NORMAL');
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw storeErrorFor(path, error) ?? error;
  }
}
