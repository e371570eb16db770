import { type Dirent, lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { SkippedEntry } from './skipped.js';

/** A transcript file found on disk, with where it sits in Claude Code's projects layout. */
export interface TranscriptFile {
  path: string;
  size: number;
  mtimeMs: number;
  /** The project folder name (`-home-dev-shop`). */
  project: string;
  /**
   * Sub-agent transcripts: `<project>/<session>/subagents/agent-*.jsonl` names its parent session by
   * folder; a flat `<project>/agent-*.jsonl` names it inside (its `sessionId`), so this stays undefined.
   */
  parentFromPath: string | undefined;
  isSubagent: boolean;
}

/** What a walk found: the transcript files, and what it passed over and why. */
export interface Discovery {
  files: TranscriptFile[];
  skipped: SkippedEntry[];
}

/** Folders deeper than this under a root are not searched (projects/<project>/<session>/subagents/). */
const MAX_DEPTH = 4;

function describe(path: string, size: number, mtimeMs: number): TranscriptFile {
  const dir = dirname(path);
  const name = basename(path);
  if (basename(dir) === 'subagents') {
    const sessionDir = dirname(dir);
    return {
      path,
      size,
      mtimeMs,
      project: basename(dirname(sessionDir)),
      parentFromPath: basename(sessionDir),
      isSubagent: true,
    };
  }
  return {
    path,
    size,
    mtimeMs,
    project: basename(dir),
    parentFromPath: undefined,
    isSubagent: name.startsWith('agent-'),
  };
}

/** What kind of special file `stat` describes, in words (stat never opens it, so a FIFO cannot block us). */
function specialKind(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

/**
 * Every `*.jsonl` transcript under the given roots (Claude Code projects folders, a project folder, or a
 * transcript file), and everything passed over on the way, with why: FIFOs, sockets and devices (never
 * opened, so they cannot block), folders named `*.jsonl`, symbolic links that loop, dangle or lead to a
 * folder (folders behind links are not followed, so a loop cannot trap the walk), folders that cannot be
 * read, and folders deeper than the projects layout goes.
 */
export function discoverWithSkips(roots: string[]): Discovery {
  const found = new Map<string, TranscriptFile>();
  const skipped = new Map<string, SkippedEntry>();
  const skip = (entry: SkippedEntry) => skipped.set(entry.path, entry);

  const visitLink = (path: string, isTranscriptName: boolean) => {
    let target: Stats;
    try {
      target = statSync(path);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ELOOP') skip({ path, kind: 'link-loop', reason: 'a symbolic link that loops (ELOOP)' });
      else if (code === 'ENOENT') skip({ path, kind: 'dangling-link', reason: 'a symbolic link to nothing' });
      else if (isTranscriptName)
        skip({ path, kind: 'unreadable-file', reason: `a symbolic link that cannot be followed (${code})` });
      return;
    }
    if (target.isDirectory()) {
      skip({
        path,
        kind: 'link-to-folder',
        reason: 'a symbolic link to a folder (links to folders are not followed)',
      });
    } else if (isTranscriptName) {
      if (target.isFile()) found.set(path, describe(path, target.size, target.mtimeMs));
      else
        skip({ path, kind: 'special-file', reason: `a link to ${specialKind(target)}, not a regular file` });
    }
  };

  const walk = (dir: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      skip({
        path: dir,
        kind: 'unreadable-folder',
        reason: `a folder that cannot be read (${errorCode(error)})`,
      });
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const isTranscriptName = entry.name.endsWith('.jsonl');
      if (entry.isSymbolicLink()) {
        visitLink(path, isTranscriptName);
      } else if (entry.isDirectory()) {
        if (isTranscriptName)
          skip({
            path,
            kind: 'folder-named-jsonl',
            reason: 'a folder named like a transcript (not searched)',
          });
        else if (depth < MAX_DEPTH) walk(path, depth + 1);
        else
          skip({
            path,
            kind: 'too-deep',
            reason: `a folder more than ${MAX_DEPTH} levels below the root (not searched)`,
          });
      } else if (isTranscriptName) {
        try {
          const stat = statSync(path);
          if (stat.isFile()) found.set(path, describe(path, stat.size, stat.mtimeMs));
          else skip({ path, kind: 'special-file', reason: `${specialKind(stat)}, not a regular file` });
        } catch {
          // Deleted between listing and stat: the next scan marks it gone if it was stored.
        }
      }
    }
  };

  for (const root of roots) {
    const absolute = resolve(root);
    let stat: Stats;
    try {
      stat = statSync(absolute);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ELOOP')
        skip({ path: absolute, kind: 'link-loop', reason: 'a symbolic link that loops (ELOOP)' });
      else if (code !== 'ENOENT' || lstatSync(absolute, { throwIfNoEntry: false }) !== undefined)
        skip({ path: absolute, kind: 'dangling-link', reason: `cannot be reached (${code})` });
      continue;
    }
    if (stat.isFile()) found.set(absolute, describe(absolute, stat.size, stat.mtimeMs));
    else if (stat.isDirectory()) walk(absolute, 1);
    else skip({ path: absolute, kind: 'special-file', reason: `${specialKind(stat)}, not a regular file` });
  }
  return { files: [...found.values()], skipped: [...skipped.values()] };
}

/** The transcript files of discoverWithSkips. */
export function discoverTranscripts(roots: string[]): TranscriptFile[] {
  return discoverWithSkips(roots).files;
}
