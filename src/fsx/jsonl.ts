import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { withLockSync } from './lock.js';
import { makeDirsSync } from './make-dirs.js';

/**
 * Appends one JSON record as a line under the file's lock, in one write, fsynced, so concurrent
 * writers never interleave or tear a row.
 */
export function appendJsonLine(path: string, record: unknown): void {
  makeDirsSync(dirname(path));
  const line = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
  withLockSync(path, () => {
    const fd = openSync(path, 'a');
    try {
      writeSync(fd, line);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  });
}
