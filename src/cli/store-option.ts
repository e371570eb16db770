import { InputError } from '../errors/errors.js';
import * as scan from '../scan/index.js';
import type { StoreLocation } from '../store/location.js';
import { openSessionStore } from '../store/open-session-store.js';
import type { SessionStorePort } from '../store/port.js';
import { storeFileExists } from '../store/probe.js';
import type { StoreSettings } from '../store/settings.js';

/**
 * The store a command names (`--store`, else `--demo`'s in-memory one, else `RETROSPECT_STORE`, else the
 * default file). A reader (`mustExist`) refuses a missing store file rather than creating an empty one; a
 * shared server is not checked here (opening it says whether it answers).
 */
export function storeOptionLocation(
  given: string | undefined,
  demo: boolean,
  settings: StoreSettings,
  mustExist: boolean,
): StoreLocation {
  const location = scan.storeLocationFor(given, demo, settings);
  if (mustExist && !demo && location.kind === 'sqlite' && !storeFileExists(location.path))
    throw new InputError(
      `no session store at ${location.path} (run 'retrospect scan' first, or give --store PATH)`,
    );
  return location;
}

/**
 * Opens the store a command names (see storeOptionLocation); a shared server is always opened (an
 * unreachable one is one clear error line).
 */
export async function openStoreOption(
  given: string | undefined,
  demo: boolean,
  settings: StoreSettings,
  mustExist: boolean,
): Promise<SessionStorePort> {
  return openSessionStore(storeOptionLocation(given, demo, settings, mustExist), settings.identity);
}
