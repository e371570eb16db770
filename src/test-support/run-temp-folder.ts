import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A test run leaves the temp folder as it found it. The run gets a temp folder of its own (TMPDIR for the
// test workers and every process they start), and every test's folder is removed by the helper that made it
// (tempDir, reachableTempDir), the temporary files of spawned CLIs with them (runCli gives each its own
// TMPDIR inside a test folder). What is still in the run's folder at the end was left by something that did
// not clean up: the run fails, naming it, and the folder is removed either way.

/** Makes the run's temp folder and points this process (and so the workers it starts) at it. */
export function useRunTempFolder(): { folder: string; outer: string } {
  const outer = tmpdir();
  const folder = mkdtempSync(join(outer, 'retrospect-test-run-'));
  // Tests that run the CLI as another user (test-support/unprivileged.ts) must be able to enter it.
  chmodSync(folder, 0o755);
  process.env.TMPDIR = folder;
  return { folder, outer };
}

/** What a finished run left in its temp folder (names), after which the folder is removed. */
export function leftInRunTempFolder(run: { folder: string; outer: string }): string[] {
  let left: string[];
  try {
    left = readdirSync(run.folder).sort();
  } catch {
    left = [];
  }
  rmSync(run.folder, { recursive: true, force: true, maxRetries: 3 });
  process.env.TMPDIR = run.outer;
  return left;
}
