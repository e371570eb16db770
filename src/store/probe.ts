import { statSync } from 'node:fs';
import { openSqlite, type SqliteDatabase } from '../sqlite/index.js';

/**
 * Whether `path` is an existing session store (a SQLite file with the store's migrations applied). Opened
 * read-only, so that asking about a file that turns out to be someone else's database never changes it.
 */
export function isSessionStore(path: string): boolean {
  let db: SqliteDatabase | undefined;
  try {
    db = openSqlite(path, { readOnly: true });
    const version = db.pragma('user_version') as number;
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").get();
    return version >= 1 && table !== undefined;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/** Something is at the store's path, to be opened (an empty file is no store yet). */
export function storeFileExists(path: string): boolean {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat !== undefined && (!stat.isFile() || stat.size > 0);
}
