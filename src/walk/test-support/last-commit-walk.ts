import { tempDir } from '../../test-support/temp-dir.js';
import type { UnitHunk, WalkDocument } from '../document.js';
import { walkChangeSet } from '../walk.js';

/**
 * A summary walk of a test repository's last commit with `transcript` as the only session, and its
 * hunks: what the authorship tests look up by path. The home is a fixed folder the sessions name, and
 * the walk's data folder a fresh one, so no test sees another's stored jobs.
 */
export async function lastCommitWalk(
  cwd: string,
  transcript: string,
): Promise<{ document: WalkDocument; hunks: UnitHunk[] }> {
  const env = { ...process.env, HOME: '/home/dev', RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
  const { document } = await walkChangeSet({
    mode: 'summary-only',
    cwd,
    env,
    target: 'HEAD~1..HEAD',
    sessions: [transcript],
  });
  return { document, hunks: document.change_units.flatMap((u) => u.hunks ?? []) };
}
