/**
 * SQLite's result codes by number, as better-sqlite3 names them in `error.code`. Node's built-in SQLite
 * reports only the number (`errcode`) under the code ERR_SQLITE_ERROR; the adapter names it the same way,
 * so that the store's reading of an error ("damaged", "busy", "read-only") is one for both engines.
 * An extended code is its primary code plus a detail in the high bits (SQLITE_IOERR_SHORT_READ = 10 | 2 << 8).
 */
const PRIMARY: Readonly<Record<number, string>> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  16: 'SQLITE_EMPTY',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  24: 'SQLITE_FORMAT',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};

/** The extended codes the store tells apart (others are named by their primary code). */
const EXTENDED: Readonly<Record<number, string>> = {
  266: 'SQLITE_IOERR_READ',
  522: 'SQLITE_IOERR_SHORT_READ',
  778: 'SQLITE_IOERR_WRITE',
  267: 'SQLITE_CORRUPT_VTAB',
  264: 'SQLITE_READONLY_RECOVERY',
  520: 'SQLITE_READONLY_CANTLOCK',
  776: 'SQLITE_READONLY_ROLLBACK',
  1032: 'SQLITE_READONLY_DBMOVED',
  1288: 'SQLITE_READONLY_CANTINIT',
  1544: 'SQLITE_READONLY_DIRECTORY',
  517: 'SQLITE_BUSY_SNAPSHOT',
  261: 'SQLITE_BUSY_RECOVERY',
  270: 'SQLITE_CANTOPEN_NOTEMPDIR',
  526: 'SQLITE_CANTOPEN_ISDIR',
};

/** The name of an SQLite result code (`SQLITE_BUSY` for 5), or undefined for a number SQLite never returns. */
export function sqliteCodeName(code: number): string | undefined {
  return EXTENDED[code] ?? PRIMARY[code & 0xff];
}

/**
 * SQLite's own wording of its result codes (sqlite3_errstr, and the detailed forms sqlite3_errmsg gives).
 * node-sqlite3-wasm reports only the message; this names the code, so that the store reads its errors as
 * it reads the other engines'.
 */
const MESSAGES: ReadonlyArray<[RegExp, string]> = [
  [/^database is locked\b/, 'SQLITE_BUSY'],
  [/^database table is locked\b/, 'SQLITE_LOCKED'],
  [/^database schema is locked\b/, 'SQLITE_LOCKED'],
  [/^file is not a database\b/, 'SQLITE_NOTADB'],
  [/^(database disk image is malformed|malformed database schema)\b/, 'SQLITE_CORRUPT'],
  [/^attempt to write a readonly database\b/, 'SQLITE_READONLY'],
  [/^disk I\/O error\b/, 'SQLITE_IOERR'],
  [/^(unable to open database file|Could not open the database)\b/, 'SQLITE_CANTOPEN'],
  [/^database or disk is full\b/, 'SQLITE_FULL'],
  [/\bconstraint failed\b/, 'SQLITE_CONSTRAINT'],
  [/^out of memory\b/, 'SQLITE_NOMEM'],
  [/^interrupted\b/, 'SQLITE_INTERRUPT'],
  [/^access permission denied\b/, 'SQLITE_PERM'],
  [/^(string or blob too big|too many SQL variables)\b/, 'SQLITE_TOOBIG'],
  [/^(bad parameter or other API misuse|not an error)\b/, 'SQLITE_MISUSE'],
  [/^column index out of range\b/, 'SQLITE_RANGE'],
];

/** The code name of an SQLite error message (`SQLITE_ERROR` for one it does not single out). */
export function sqliteCodeForMessage(message: string): string | undefined {
  for (const [pattern, name] of MESSAGES) if (pattern.test(message)) return name;
  return message.length > 0 ? 'SQLITE_ERROR' : undefined;
}
