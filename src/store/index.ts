export { countSignals, openStore, SessionStore, STORE_FILE } from './open.js';
export { MIGRATIONS } from './schema.js';
export type { HostName, KnownFile, SessionQuery, SessionRecord, SessionScore } from './types.js';
