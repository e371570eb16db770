import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Test folders are removed by the helper that made them, so that no test has to remember to: this module
// is evaluated while vitest collects a test file (each file gets its own copy), which registers the one
// afterAll below on that file. Folders stay until the file's last test is done, because tests of one file
// may share a folder made in a describe body or a beforeAll.

const made = new Set<string>();

/** Removes every folder tempDir made in this test file so far (what the file's afterAll does). */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}

try {
  afterAll(removeTempDirs);
} catch {
  // Loaded outside a test run (a benchmark builds its projects with these helpers): the caller cleans up.
}

/** A new, empty folder under the system's temp folder, removed once the test file's tests are done. */
export function tempDir(prefix = 'retrospect-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** How many folders this test file made that are still waiting for removal (for the helper's own test). */
export function tempDirsPending(): number {
  return made.size;
}
