import { mkdirSync, statSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ignoreNewRetroDir } from './retro-dir-ignore.js';

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
      await mkdir(folder);
      ignoreNewRetroDir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!(await stat(folder)).isDirectory()) throw notAFolder(folder);
    }
  }
}

async function statOrUndefined(path: string) {
  try {
    return await stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
