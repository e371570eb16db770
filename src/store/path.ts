import { join } from 'node:path';
import { dataDir } from '../paths/data-dir.js';
import { type StoreLocation, storeLocation } from './location.js';
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

/**
 * The store a command uses: the store given (a file, or a `postgres://` URL), else the in-memory store of a
 * demo run, else `RETROSPECT_STORE`, else `<data dir>/store.sqlite`.
 */
export function storeLocationFor(
  explicit: string | undefined,
  demo: boolean,
  env: NodeJS.ProcessEnv,
): StoreLocation {
  if (explicit !== undefined) return storeLocation(explicit);
  if (demo) return { kind: 'sqlite', path: ':memory:' };
  const configured = env.RETROSPECT_STORE?.trim();
  if (configured) return storeLocation(configured);
  return { kind: 'sqlite', path: join(dataDir(env), STORE_FILE) };
}
