import { join } from 'node:path';
import { type StoreLocation, storeLocation } from './location.js';
import { STORE_FILE } from './open.js';
import type { StoreSettings } from './settings.js';

/**
 * The store file: the path given, else an in-memory store for a demo run, else `<data dir>/store.sqlite`.
 * One rule for every caller (scan, report, the retro's gate step, the trial's score source), so they all
 * read and write the same store.
 */
export function storePathFor(explicit: string | undefined, demo: boolean, dataFolder: string): string {
  if (explicit !== undefined) return explicit;
  return demo ? ':memory:' : join(dataFolder, STORE_FILE);
}

/**
 * The store a command uses: the store given (a file, or a `postgres://` URL), else the in-memory store of a
 * demo run, else the configured one (`RETROSPECT_STORE`, resolved by store/settings.ts), else
 * `<data dir>/store.sqlite`.
 */
export function storeLocationFor(
  explicit: string | undefined,
  demo: boolean,
  settings: Pick<StoreSettings, 'configured' | 'dataDir'>,
): StoreLocation {
  if (explicit !== undefined) return storeLocation(explicit);
  if (demo) return { kind: 'sqlite', path: ':memory:' };
  if (settings.configured) return storeLocation(settings.configured);
  return { kind: 'sqlite', path: join(settings.dataDir, STORE_FILE) };
}
