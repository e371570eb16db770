export { moveStoreAside } from './aside.js';
export { hashName, type StoreIdentity, storeIdentity } from './identity.js';
export { isPostgresUrl, redactUrl, type StoreLocation, storeLocation } from './location.js';
export { countSignals, openStore, SessionStore, STORE_FILE } from './open.js';
export { openSessionStore } from './open-session-store.js';
export type { Awaitable, SessionStorePort } from './port.js';
export { MIGRATIONS } from './schema.js';
export { EARLIEST_USABLE_START, type SessionStarts, sessionStarts } from './session-starts.js';
export type { HostName, KnownFile, SessionQuery, SessionRecord, SessionScore } from './types.js';
