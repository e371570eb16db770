import { dataDir } from '../paths/data-dir.js';
import { type StoreIdentity, storeIdentity } from './identity.js';

/** Where the session store is and who writes into it, resolved once at the edge from the environment. */
export interface StoreSettings {
  /** `RETROSPECT_STORE`: a store file or a `postgres://` URL; undefined: `<dataDir>/store.sqlite`. */
  configured?: string;
  /** Retrospect's data folder (`RETROSPECT_DATA_DIR`, else the XDG data folder's `retrospect`). */
  dataDir: string;
  /** The machine and user a shared store's rows name (`RETROSPECT_MACHINE`, `_USER`, `_HASH_IDENTITY`). */
  identity: StoreIdentity;
}

/**
 * The one reader of `RETROSPECT_STORE`; the data folder and the identity come from their own resolvers.
 * Called by the front ends and by the library entry points that take an `env` and no store settings.
 */
export function resolveStoreSettings(env: NodeJS.ProcessEnv): StoreSettings {
  const configured = env.RETROSPECT_STORE?.trim();
  return {
    ...(configured ? { configured } : {}),
    dataDir: dataDir(env),
    identity: storeIdentity(env),
  };
}
