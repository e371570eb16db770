// Public library API: re-exports only. One block per module, so that parallel work merges cleanly.

// fsx
export { appendJsonLine, readTextIfExists, withLock, writeFileAtomic } from './fsx/index.js';

// git
export { findGitRoots, type GitRoots } from './git/roots.js';

// version
export { VERSION } from './version.js';
