import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { makeDir, statPath } from './pool-fs.js';

/**
 * Creates `dir` and any missing parents, one level at a time, and never with `mkdirSync(…, { recursive:
 * true })`: on some file systems Node's recursive call never returns (under `/proc`, mkdir answers ENOENT
 * for a folder whose parent exists, and Node retries forever). Here each level is tried once: the first
 * folder that cannot be made ends the call with its own error (ENOENT, EACCES, ENOTDIR, EROFS, …).
 * An existing folder is fine; an existing file in the way is ENOTDIR.
 */
export function makeDirsSync(dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    const stat = statSync(at, { throwIfNoEntry: false });
    if (stat !== undefined) {
      if (!stat.isDirectory()) throw notAFolder(at);
      break;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
      ignoreNewRetroDir(folder);
    } catch (error) {
      // Made by someone else meanwhile: that is what was wanted.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!statSync(folder).isDirectory()) throw notAFolder(folder);
    }
  }
}

function notAFolder(path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOTDIR: not a directory, mkdir '${path}'`);
  error.code = 'ENOTDIR';
  error.path = path;
  error.syscall = 'mkdir';
  return error;
}

/**
 * makeDirsSync on the thread pool: the calling thread stays free while each level is made, so that a
 * caller with a deadline (the friction hook) can give up on a file system that does not answer.
 */
export async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  let at = resolve(dir);
  for (;;) {
    const stat = await statOrUndefined(at);
    if (stat !== undefined) {
      if (!stat.isDirectory()) throw notAFolder(at);
      break;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing.reverse()) {
    try {
      await makeDir(folder);
      ignoreNewRetroDir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!(await statPath(folder)).isDirectory()) throw notAFolder(folder);
    }
  }
}

async function statOrUndefined(path: string) {
  try {
    return await statPath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** What the tool's own folder says to git: ignore everything here, this file included. */
export const RETRO_DIR_GITIGNORE =
  '# Created by Retrospect: its ledger, anchors and reports stay local.\n*\n';

/** Whether `folder` is a project's `.claude/retro`, the folder of the tool's local state. */
function isRetroDir(folder: string): boolean {
  return basename(folder) === 'retro' && basename(dirname(folder)) === '.claude';
}

/**
 * Called right after `folder` was created. When it is `.claude/retro`, puts a `.gitignore` of `*` inside,
 * the way caches and virtualenvs ignore themselves: the ledger, anchors and reports are local state (the
 * deep read's anchors are "gitignored under .claude/retro/"), and the user's own root `.gitignore` is never
 * edited. Only a folder the tool made gets one: a `.claude/retro` that already existed was set up by the
 * team, perhaps to commit it. Exclusive create: an existing file is kept as it is.
 */
function ignoreNewRetroDir(folder: string): void {
  if (!isRetroDir(folder)) return;
  try {
    writeFileSync(join(folder, '.gitignore'), RETRO_DIR_GITIGNORE, { flag: 'wx' });
  } catch (error) {
    // Someone wrote one first: theirs stays.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
