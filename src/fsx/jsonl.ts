import { closeSync, fsyncSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { openForAppendSync } from './append-open.js';
import { withLockSync } from './lock.js';
import { makeDirsSync } from './make-dirs.js';

/**
 * Appends one JSON record as a line under the file's lock, in one write, fsynced, so concurrent
 * writers never interleave or tear a row. A symlink at `path` is refused, never written through, and so is
 * anything that is not a regular file.
 */
export function appendJsonLine(path: string, record: unknown): void {
  makeDirsSync(dirname(path));
  const line = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
  withLockSync(path, () => {
    const fd = openForAppendSync(path);
    try {
      writeSync(fd, line);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  });
}
