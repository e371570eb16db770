import { type Dirent, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import type { HostName } from './types.js';

/**
 * One session found on disk, before it is read. A session is usually one file; OpenCode keeps every session
 * in one SQLite database, so its sessions are named by a path under the database file
 * (`…/opencode.db/ses_…`) that only its adapter opens.
 */
export interface SessionSource {
  path: string;
  host: HostName;
  /** What a rescan compares to tell whether the session changed (bytes, or the row's data for a database). */
  size: number;
  mtimeMs: number;
  /**
   * The project key: the folder the session ran in, spelled as Claude Code names its project folders
   * (`-home-dev-shop`), so that one name selects a project's sessions of every host. Empty when only
   * reading the session tells (the scan fills it from the session's own record of its folder).
   */
  project: string;
  /** The session that started this one, when the location says (a sub-agent folder names its parent). */
  parentFromPath: string | undefined;
  isSubagent: boolean;
}

/**
 * A session found on disk whose id is known: Claude Code's from its file name, another agent's once its
 * head or body was read. What the retro, the trials and the session-prefix lookup carry.
 */
export interface IdentifiedSource extends SessionSource {
  sessionId: string;
}

/**
 * A session's mtime in whole epoch seconds, the unit the seed's rules compare: the retro's 60 s in-progress
 * window, "newer than" between two sessions, a trial's baseline and in-trial sides, a scores file's rows.
 */
export function mtimeSecs(source: Pick<SessionSource, 'mtimeMs'>): number {
  return Math.floor(source.mtimeMs / 1000);
}

/** The user's home folder as the environment gives it (tests move it with HOME). */
export function homeOf(env: NodeJS.ProcessEnv): string {
  return env.HOME || env.USERPROFILE || homedir();
}

export function listDir(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/**
 * The path of `name`, an entry readdir listed in `dir`, `dir` being normalised (as resolve gives it): what
 * join gives, without join normalising the whole path again, a character at a time, for each of the
 * thousands of entries a walk meets (an entry's name holds no separator and is never `.` or `..`).
 */
export function entryPath(dir: string, name: string): string {
  return dir.endsWith(sep) ? `${dir}${name}` : `${dir}${sep}${name}`;
}

/** Size and mtime of a regular file (a symbolic link to one counts), or undefined. */
export function fileStat(path: string): { size: number; mtimeMs: number } | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `path` is a folder (a link to one counts); false when it cannot be read. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The names in `dir`, sorted; none when it cannot be read (a missing or unreadable folder holds no sessions). */
export function sortedEntries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/**
 * Every file under `dir` (depth-limited) whose name `wanted` accepts, with its stat. Symbolic links to
 * folders are not followed, so a link loop cannot trap the walk.
 */
export function walkFiles(
  dir: string,
  wanted: (name: string, dir: string) => boolean,
  maxDepth: number,
): { path: string; name: string; size: number; mtimeMs: number }[] {
  const found: { path: string; name: string; size: number; mtimeMs: number }[] = [];
  const walk = (current: string, depth: number) => {
    for (const entry of listDir(current)) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth) walk(path, depth + 1);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && wanted(entry.name, current)) {
        const stat = fileStat(path);
        if (stat) found.push({ path, name: entry.name, ...stat });
      }
    }
  };
  walk(dir, 1);
  return found;
}
