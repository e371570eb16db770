import { join } from 'node:path';
import { dataDir } from '../paths/data-dir.js';
import { STORE_FILE } from './open.js';

/**
 * The store file: the path given, else an in-memory store for a demo run, else `<data dir>/store.sqlite`.
 * One rule for every caller (scan, report, the retro's gate step, the trial's score source), so they all
 * read and write the same store.
 */
export function storePathFor(explicit: string | undefined, demo: boolean, env: NodeJS.ProcessEnv): string {
  if (explicit !== undefined) return explicit;
  return demo ? ':memory:' : join(dataDir(env), STORE_FILE);
}
