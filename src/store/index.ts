export { countSignals, openStore, SessionStore, STORE_FILE } from './open.js';
export { storePathFor } from './path.js';
export { MIGRATIONS } from './schema.js';
export { EARLIEST_USABLE_START, type SessionStarts, sessionStarts } from './session-starts.js';
export type { HostName, KnownFile, SessionQuery, SessionRecord, SessionScore } from './types.js';
