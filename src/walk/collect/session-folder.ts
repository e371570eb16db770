import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { anchorsDir } from '../../deepread/persist.js';
import { isWithin, realPathOfMaybeMissing } from '../../fsx/index.js';
import { findGitRoots } from '../../git/roots.js';

/** Where a session's edited files lie relative to the worktree being walked. */
export interface PlacedEdits {
  /** Repository-relative paths (forward slashes) of the edited files inside the worktree. */
  inside: Set<string>;
  /** Real absolute paths of the edited files outside it. */
  outside: string[];
  /** Relative paths that could not be placed: the transcript records no working folder. */
  unplaced: string[];
}

/**
 * Sorts a session's edited paths into those inside `worktree` and those outside, on real paths (links
 * followed, a deleted file's folder still resolved). A relative path is resolved against the session's
 * folder, or left unplaced when the transcript records none.
 */
export function placeEdits(paths: readonly string[], worktree: string, cwd: string | undefined): PlacedEdits {
  const root = realPathOfMaybeMissing(worktree);
  const placed: PlacedEdits = { inside: new Set(), outside: [], unplaced: [] };
  for (const path of paths) {
    if (!isAbsolute(path) && cwd === undefined) {
      placed.unplaced.push(path);
      continue;
    }
    const real = realPathOfMaybeMissing(cwd === undefined ? path : resolve(cwd, path));
    if (isWithin(root, real) && real !== root) placed.inside.add(relative(root, real).split(sep).join('/'));
    else placed.outside.push(real);
  }
  return placed;
}

/** The deepest folder that holds every path (the paths are absolute). */
function commonFolder(paths: readonly string[]): string {
  let folder = dirname(paths[0] ?? sep);
  while (!paths.every((path) => isWithin(folder, path))) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return folder;
}

/**
 * The folder a session worked in when it edited nothing inside the walked worktree: its recorded `cwd`
 * when every file it edited lies below it, else the deepest folder that holds them all.
 */
function foreignFolder(placed: PlacedEdits, cwd: string | undefined): string | undefined {
  if (placed.outside.length === 0) return cwd;
  const realCwd = cwd === undefined ? undefined : realPathOfMaybeMissing(cwd);
  if (realCwd !== undefined && placed.outside.every((path) => isWithin(realCwd, path))) return realCwd;
  return commonFolder(placed.outside);
}

/**
 * Why a session's commits cannot be walked here when it edited nothing inside the worktree, and how to walk
 * them where it worked: there, with the anchor record copied into that repository's anchors folder.
 */
export function workedElsewhereMessage(
  sessionId: string | undefined,
  placed: PlacedEdits,
  cwd: string | undefined,
  worktree: string,
  anchor?: { id: string; file: string },
): string {
  const folder = foreignFolder(placed, cwd);
  if (folder === undefined) {
    return `session ${sessionId} edited only relative paths (${placed.unplaced.join(', ')}) and its transcript records no working folder, so none of them can be placed in ${worktree}`;
  }
  const count = placed.outside.length + placed.unplaced.length;
  const reason = `session ${sessionId} worked in another folder, ${folder}: none of the ${count} file${count === 1 ? '' : 's'} it edited lies inside ${worktree}, so no commit of this repository is its change`;
  const roots = findGitRoots(folder);
  if (!roots)
    return `${reason}; ${folder} is not in a git repository on this machine, so its commits cannot be walked`;
  if (!anchor) return `${reason}; walk it from ${roots.worktree}`;
  const walk = `run retrospect walk --from-retro ${anchor.id} in ${roots.worktree}`;
  const theirs = anchorsDir(roots.mainCheckout);
  if (realPathOfMaybeMissing(join(theirs, `${anchor.id}.json`)) === realPathOfMaybeMissing(anchor.file)) {
    return `${reason}; ${walk}`;
  }
  return `${reason}; to walk it there, copy ${anchor.file} into ${theirs} and ${walk}`;
}
