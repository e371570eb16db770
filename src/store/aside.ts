import { existsSync, renameSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { StoreError } from '../errors/errors.js';
import { kindOf } from '../fsx/atomic.js';
import { openSqlite, type SqliteDatabase } from '../sqlite/index.js';
import { storeProblemMessage } from './problems.js';
import { notSqliteDetail, sqliteHeaderOf } from './sqlite-header.js';

/** Another program's database: it opens, and holds tables but no `sessions` table. Damaged files are not. */
function isForeignDatabase(path: string): boolean {
  let db: SqliteDatabase | undefined;
  try {
    db = openSqlite(path, { readOnly: true });
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((row) => row.name);
    return tables.length > 0 && !tables.includes('sessions');
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Moves the store at `path` (with its `-wal`, `-shm` or `-journal` files) aside to `<path>.broken-<UTC stamp>`, so that
 * the next open builds a new one; returns where it went, or undefined when there was no store. Nothing is
 * deleted: a damaged store can still be looked at, or handed to `sqlite3 .recover`. A folder, or another
 * program's database, is refused (StoreError) and left where it is.
 */
export function moveStoreAside(given: string, now: Date = new Date()): string | undefined {
  if (given === ':memory:') return undefined;
  const path = resolve(given);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (!stat.isFile()) {
    throw new StoreError(path, 'not-a-file', storeProblemMessage(path, 'not-a-file', kindOf(stat)));
  }
  // A file that is not SQLite at all is not a damaged store: it is someone's file, and it stays put.
  if (sqliteHeaderOf(path) === 'other') {
    throw new StoreError(
      path,
      'not-a-store',
      storeProblemMessage(path, 'not-a-store', `${notSqliteDetail(path)}; not moved`),
    );
  }
  if (isForeignDatabase(path)) {
    throw new StoreError(
      path,
      'not-a-store',
      storeProblemMessage(path, 'not-a-store', 'another program’s SQLite database; not moved'),
    );
  }
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  let aside = `${path}.broken-${stamp}`;
  if (existsSync(aside)) aside = `${aside}-${process.pid}`;
  renameSync(path, aside);
  // A rollback journal (the WebAssembly engine's) goes with the file it belongs to, like a WAL.
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${aside}${suffix}`);
  }
  return aside;
}
