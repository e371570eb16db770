import { resolve } from 'node:path';
import { writeFileAtomic } from '../../fsx/atomic.js';
import { withLockSync } from '../../fsx/lock.js';

/** Writes an output file the user named: locked, temp file + rename, verified, restored on failure. */
export function writeOutputFile(cwd: string, path: string, content: string): string {
  const target = resolve(cwd, path);
  withLockSync(target, () => writeFileAtomic(target, content));
  return target;
}
