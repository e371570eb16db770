import { basename, dirname, join, resolve, sep } from 'node:path';
import { claudeConfigDirs } from '../../paths/data-dir.js';
import { entryPath, fileStat, listDir, type SessionSource } from '../source.js';

/**
 * Where Claude Code keeps its transcripts: `<config dir>/projects/<project>/<session>.jsonl`, the config
 * folders being `CLAUDE_CONFIG_DIR`'s entries or `~/.claude`, and `<project>` the session's folder with
 * every character outside `[A-Za-z0-9]` replaced by `-`. A sub-agent's transcript is
 * `<project>/<session>/subagents/agent-*.jsonl` (earlier a flat `<project>/agent-*.jsonl`).
 */
export function claudeProjectsRoots(env: NodeJS.ProcessEnv): string[] {
  return claudeConfigDirs(env).map((dir) => join(dir, 'projects'));
}

/** Folders deeper than this under a root are not searched (projects/<project>/<session>/subagents/). */
const MAX_DEPTH = 4;

/** Where a transcript sits in Claude Code's projects layout. */
export function describeClaudeFile(path: string, size: number, mtimeMs: number): SessionSource {
  const dir = dirname(path);
  const name = basename(path);
  if (basename(dir) === 'subagents') {
    const sessionDir = dirname(dir);
    return {
      path,
      host: 'claude-code',
      size,
      mtimeMs,
      project: basename(dirname(sessionDir)),
      parentFromPath: basename(sessionDir),
      isSubagent: true,
    };
  }
  return {
    path,
    host: 'claude-code',
    size,
    mtimeMs,
    project: basename(dir),
    parentFromPath: undefined,
    isSubagent: name.startsWith('agent-'),
  };
}

/**
 * Whether a `.jsonl` path sits where Claude Code puts transcripts: in a project folder named as Claude Code
 * names them (a path with its separators turned into `-`), or under a `projects/` folder.
 */
export function isClaudeLocation(path: string): boolean {
  if (!path.endsWith('.jsonl')) return false;
  // A `projects` part first, by one search of the path: node:path's dirname and basename walk the path a
  // character at a time, and a scan of a given folder asks this of every file in it.
  if (`${sep}${path}${sep}`.includes(PROJECTS_PART)) return true;
  const dir = dirname(path);
  const folder = basename(dir) === 'subagents' ? basename(dirname(dirname(dir))) : basename(dir);
  return /^[A-Za-z]?-/.test(folder);
}

const PROJECTS_PART = `${sep}projects${sep}`;

/**
 * Every `*.jsonl` transcript under a root (a Claude Code projects folder, or a project folder itself, or a
 * single file). Symbolic links to folders are not followed, so a link loop cannot trap the walk.
 */
export function discoverClaude(root: string): SessionSource[] {
  const found: SessionSource[] = [];
  const absolute = resolve(root);
  const stat = fileStat(absolute);
  if (stat) return [describeClaudeFile(absolute, stat.size, stat.mtimeMs)];
  const walk = (dir: string, depth: number) => {
    for (const entry of listDir(dir)) {
      const path = entryPath(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) walk(path, depth + 1);
      } else if (entry.name.endsWith('.jsonl') && (entry.isFile() || entry.isSymbolicLink())) {
        // Deleted between listing and stat: the next scan marks it gone if it was stored.
        const file = fileStat(path);
        if (file) found.push(describeClaudeFile(path, file.size, file.mtimeMs));
      }
    }
  };
  walk(absolute, 1);
  return found;
}
