// Public library API: re-exports only. One block per module, so that parallel work merges cleanly.

// fsx
export { appendJsonLine, readTextIfExists, withLock, writeFileAtomic } from './fsx/index.js';

// git
export { findGitRoots, type GitRoots } from './git/roots.js';

// ledger
export { appendLedgerRow, serializeLedgerRow } from './ledger/append.js';
export { DEFAULT_LEDGER_CAPS, type LedgerCaps, ledgerCaps } from './ledger/caps.js';
export { type CaptureOptions, type CaptureResult, captureFriction } from './ledger/capture.js';
export { ledgerPathIn, resolveLedgerPath } from './ledger/path.js';
export { FRICTION_EVENTS, type LedgerRow, rowFromHookPayload } from './ledger/row.js';

// version
export { VERSION } from './version.js';
