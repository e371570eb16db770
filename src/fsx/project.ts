import { channel, subscribe, unsubscribe } from 'node:diagnostics_channel';
import { isAbsolute, join, relative } from 'node:path';
import { OutsideProjectError } from '../errors/errors.js';
import { readTextIfExists } from './atomic.js';
import { realPathOfMaybeMissing, relativeInside } from './paths.js';

/** Where the readers say that they passed over a file leading out of the project. */
const REFUSED_READS = 'retrospect:refused-read';

/** A project file that was not read because it leads out of the project. */
export interface RefusedRead {
  /** The path as the project names it. */
  path: string;
  /** Where it really leads. */
  realPath: string;
  root: string;
  /** One line for stderr. */
  message: string;
}

/**
 * Calls `listener` for every project file a reader passes over because it leads out of the project (the
 * CLI prints each once on stderr). Returns the function that stops listening.
 */
export function onRefusedRead(listener: (refused: RefusedRead) => void): () => void {
  const handler = (message: unknown) => listener(message as RefusedRead);
  subscribe(REFUSED_READS, handler);
  return () => unsubscribe(REFUSED_READS, handler);
}

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
  const refused = channel(REFUSED_READS);
  if (!refused.hasSubscribers) return;
  const realPath = realPathOfMaybeMissing(path);
  refused.publish({
    path,
    realPath,
    root,
    message: `not reading ${shown(root, path)}: it leads outside the project (to ${realPath}); treated as absent`,
  } satisfies RefusedRead);
}
