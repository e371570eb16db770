import { closeSync, readSync } from 'node:fs';
import { openRegularFd, openRegularForReading } from '../fsx/read-regular.js';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * What the first bytes of a file say about it: `empty` (a new store may be made there), `sqlite` (SQLite's
 * header), `other` (not SQLite at all), or `damaged` (no header, but it may be a store whose header was hit).
 * Not SQLite at all means no header, no NUL byte in its first 4 KB and a size that is not whole pages: a
 * SQLite file is always whole pages of at least 512 bytes, and its first page holds NUL bytes wherever its
 * header was overwritten (the b-tree page header, the cell pointers). A text file given as --store is
 * `other`; random bytes or a wrecked header stay `damaged`, for --rebuild to move aside.
 */
export function sqliteHeaderOf(path: string): 'empty' | 'sqlite' | 'other' | 'damaged' {
  const { fd, stats } = openRegularForReading(path);
  try {
    const head = Buffer.alloc(4096);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read === 0) return 'empty';
    if (read >= SQLITE_HEADER.length && head.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER))
      return 'sqlite';
    const text = !head.subarray(0, read).includes(0);
    return text && stats.size % 512 !== 0 ? 'other' : 'damaged';
  } finally {
    closeSync(fd);
  }
}

/** The words for a file that is not SQLite at all, naming what it starts with (printable bytes only). */
export function notSqliteDetail(path: string): string {
  let start = '';
  try {
    const fd = openRegularFd(path);
    try {
      const head = Buffer.alloc(24);
      const read = readSync(fd, head, 0, head.length, 0);
      start = head
        .subarray(0, read)
        .toString('latin1')
        .replace(/[^\x20-\x7e]/g, '.');
    } finally {
      closeSync(fd);
    }
  } catch {
    // Named without its first bytes.
  }
  return `not a SQLite database at all${start ? ` (it starts with ${JSON.stringify(start)})` : ''}`;
}
