import { type Dirent, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

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

/** Folders deeper than this under a root are not searched (projects/<project>/<session>/subagents/). */
const MAX_DEPTH = 4;

function listDir(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

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

/**
 * Every `*.jsonl` transcript under the given roots (Claude Code projects folders, or a project folder
 * itself). Symbolic links to folders are not followed, so a link loop cannot trap the walk.
 */
export function discoverTranscripts(roots: string[]): TranscriptFile[] {
  const found = new Map<string, TranscriptFile>();
  const walk = (dir: string, depth: number) => {
    for (const entry of listDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) walk(path, depth + 1);
      } else if (entry.name.endsWith('.jsonl') && (entry.isFile() || entry.isSymbolicLink())) {
        try {
          const stat = statSync(path);
          if (stat.isFile()) found.set(path, describe(path, stat.size, stat.mtimeMs));
        } catch {
          // Deleted between listing and stat: the next scan marks it gone if it was stored.
        }
      }
    }
  };
  for (const root of roots) {
    const absolute = resolve(root);
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(absolute);
    } catch {
      continue;
    }
    if (stat.isFile()) found.set(absolute, describe(absolute, stat.size, stat.mtimeMs));
    else walk(absolute, 1);
  }
  return [...found.values()];
}
