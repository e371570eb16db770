import { dirname } from 'node:path';
import { ensureInsideProject, readTextIfExists, withLockSync, writeFileAtomic } from '../fsx/index.js';
import { makeDirsSync } from '../fsx/make-dirs.js';

/** What an edit of a rules file decided: the new content, or why nothing was written. */
export type FileEdit<R> = ({ ok: true; content: string } & R) | { ok: false; reason: string };

export interface EditOptions {
  /** Compute the edit and report it, but write nothing. */
  dryRun?: boolean;
}

/**
 * Edits one of the project's rules files safely: the path must stay inside the project (real paths, so a
 * symlink cannot lead the write elsewhere), the file is locked for the read-modify-write, written to a
 * temp file and renamed, read back, and restored if the check fails. `edit` gets the current content
 * ('' for a missing file) and returns the new content or a reason to write nothing.
 */
export function editRulesFile<R>(
  projectRoot: string,
  path: string,
  edit: (content: string) => FileEdit<R>,
  options: EditOptions = {},
): FileEdit<R> {
  ensureInsideProject(projectRoot, path);
  if (options.dryRun) return edit(readTextIfExists(path) ?? '');
  // The lock file sits beside the target, so its folder must exist before the lock is taken.
  makeDirsSync(dirname(path));
  return withLockSync(path, () => {
    const current = readTextIfExists(path) ?? '';
    const result = edit(current);
    if (result.ok && result.content !== current) writeFileAtomic(path, result.content);
    return result;
  });
}
