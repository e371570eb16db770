import { accessSync, constants, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { realPathOfMaybeMissing } from '../fsx/paths.js';
import { findGitRoots } from '../git/roots.js';
import { projectFolderName } from '../paths/data-dir.js';
import { sessionCwd } from '../transcript/session-cwd.js';

/** Where a session's fabrication anchors are saved, or why they are kept out of every project. */
type AnchorHome = { root: string; keptOut?: undefined } | { root?: undefined; keptOut: string };

interface AnchorHomeOptions {
  /** The main checkout the retro runs in. */
  mainCheckout: string;
  /** Save anchors of another project's sessions in that project (an interactive run), or keep them out. */
  otherProjects: boolean;
}

/** A folder this user owns and may write: the anchors of a project go only where its owner works. */
function writableByUs(root: string): boolean {
  try {
    accessSync(root, constants.W_OK);
    const uid = process.getuid?.();
    return uid === undefined || statSync(root).uid === uid;
  } catch {
    return false;
  }
}

/**
 * A session's fabrication anchors belong to the project the session worked in: this project when Claude
 * Code filed the session under this checkout's folder, else the main checkout of the git repository around
 * the session's `cwd`. That is the retro's own project, or (with `otherProjects`)
 * another checkout on this machine that this user owns and may write. Anywhere else (a project that is
 * gone, not a repository, someone else's, or any other project in an unattended run) they are kept out
 * of every project, with the reason, rather than saved into the wrong one.
 */
export function anchorHome(sessionPath: string, options: AnchorHomeOptions): AnchorHome {
  // Claude Code files a session under its checkout's folder name: one in this project's folder is this project's.
  if (basename(dirname(sessionPath)) === projectFolderName(options.mainCheckout))
    return { root: options.mainCheckout };
  const cwd = sessionCwd(sessionPath);
  if (cwd === undefined) return { keptOut: 'the transcript names no working directory' };
  const roots = findGitRoots(cwd);
  if (!roots) return { keptOut: `its project ${cwd} is not a git repository on this machine` };
  const root = roots.mainCheckout;
  if (realPathOfMaybeMissing(root) === realPathOfMaybeMissing(options.mainCheckout))
    return { root: options.mainCheckout };
  if (!options.otherProjects)
    return { keptOut: `it belongs to ${root}; run 'retrospect retro' there to save it` };
  if (!writableByUs(root)) return { keptOut: `it belongs to ${root}, which this user may not write` };
  return { root };
}

/** The project a session worked in, as far as this machine can tell. */
type SessionProject = { kind: 'this' } | { kind: 'other'; root: string } | { kind: 'unknown'; why: string };

/**
 * Whether a session is this project's: filed under this checkout's folder, or its recorded `cwd` inside
 * this repository (any worktree). Another repository's session names that repository's main checkout; a
 * `cwd` in no repository names the `cwd` itself.
 */
export function sessionProjectOf(sessionPath: string, mainCheckout: string): SessionProject {
  if (basename(dirname(sessionPath)) === projectFolderName(mainCheckout)) return { kind: 'this' };
  const cwd = sessionCwd(sessionPath);
  if (cwd === undefined) return { kind: 'unknown', why: 'the transcript names no working directory' };
  const roots = findGitRoots(cwd);
  if (!roots) return { kind: 'other', root: cwd };
  if (realPathOfMaybeMissing(roots.mainCheckout) === realPathOfMaybeMissing(mainCheckout))
    return { kind: 'this' };
  return { kind: 'other', root: roots.mainCheckout };
}
