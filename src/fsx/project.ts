import { isAbsolute, join, relative } from 'node:path';
import { OutsideProjectError } from '../errors/errors.js';
import { realPathOfMaybeMissing, relativeInside } from './paths.js';
import { readTextIfExists } from './read-regular.js';
import { publishRefusedRead, type RefusedRead, refusedReadsHeard } from './refused-reads.js';

export { onRefusedRead, type RefusedRead } from './refused-reads.js';

function shown(root: string, path: string): string {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** True when `path` (symlinks followed, a missing tail allowed) stays inside `root`. */
export function isInsideProject(root: string, path: string): boolean {
  return relativeInside(root, path) !== undefined;
}

/**
 * Throws OutsideProjectError unless `path` stays inside `root` on real paths. Every writer of a file under
 * the project calls it first: a committed symlink (`.claude/retro → /elsewhere`, a dangling link to a file
 * that does not exist yet) must never carry a write out of the project.
 */
export function ensureInsideProject(root: string, path: string): void {
  if (!isInsideProject(root, path)) throw new OutsideProjectError(path, root);
}

/**
 * Reads a project file (rules, memory, ledger, history) as UTF-8, or undefined when it does not exist. A
 * file that leads out of the project (a symlink to `~/.ssh/id_rsa`, say) is never read: it counts as
 * absent, and the refusal is announced once to onRefusedRead listeners, so that a secret elsewhere on the
 * machine never reaches a prompt, a report or a terminal.
 */
export function readProjectTextIfExists(root: string, path: string): string | undefined {
  const full = isAbsolute(path) ? path : join(root, path);
  if (!isInsideProject(root, full)) {
    announceRefusedRead(root, full);
    return undefined;
  }
  return readTextIfExists(full);
}

/** Tells the listeners that `path` was passed over (readers with their own file access use it too). */
export function announceRefusedRead(root: string, path: string): void {
  if (!refusedReadsHeard()) return;
  const realPath = realPathOfMaybeMissing(path);
  publishRefusedRead({
    path,
    realPath,
    root,
    message: `not reading ${shown(root, path)}: it leads outside the project (to ${realPath}); treated as absent`,
  } satisfies RefusedRead);
}
