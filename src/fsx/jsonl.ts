import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { withLockSync } from './lock.js';

/**
 * Appends one JSON record as a line under the file's lock, in one write, fsynced, so concurrent
 * writers never interleave or tear a row.
 */
export function appendJsonLine(path: string, record: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
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
