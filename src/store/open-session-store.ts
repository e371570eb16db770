import type { StoreIdentity } from './identity.js';
import type { StoreLocation } from './location.js';
import { openStore } from './open.js';
import type { SessionStorePort } from './port.js';

/**
 * Opens the store at `location`: the embedded SQLite file (created and migrated as needed), or a shared
 * PostgreSQL store, written as the machine and user `identity` names (see storeIdentity). The PostgreSQL driver
 * is loaded only when a server is named, so the embedded store's start-up stays as it was.
 */
export async function openSessionStore(
  location: StoreLocation,
  identity: StoreIdentity,
): Promise<SessionStorePort> {
  if (location.kind === 'sqlite') return openStore(location.path);
  const { PostgresSessionStore } = await import('./postgres/store.js');
  return PostgresSessionStore.open(location.url, identity);
}
