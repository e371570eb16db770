import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dir.js';
import { removeReachableDirs } from './unprivileged.js';

// A setup file (vitest.config.ts): it runs before each test file, so the afterAll below is every file's,
// also when test files share a worker and its modules (isolate: false), where a hook registered by a helper
// module would belong to the first file that loaded it. The folders a file's tests made go when it is done.
afterAll(() => {
  removeTempDirs();
  removeReachableDirs();
});
