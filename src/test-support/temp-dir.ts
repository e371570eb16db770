import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Test folders are removed by the helper that made them, so that no test has to remember to: every test
// file's afterAll (registered by the setup file test-support/clean-after-file.ts, which runs for each file
// whether or not files share a worker's modules) removes what was made during that file. Folders stay until
// the file's last test is done, because tests of one file may share a folder made in a describe body or a
// beforeAll.

const made = new Set<string>();

/** Removes every folder tempDir made in this test file so far (what the file's afterAll does). */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
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
