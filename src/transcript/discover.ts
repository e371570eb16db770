import { basename, join, resolve } from 'node:path';
import { describeClaudeFile } from './claude/layout.js';
import { adapterNamed, detectHost, HOST_ADAPTERS, headOf } from './hosts.js';
import { fileStat, isDirectory, listDir, type SessionSource } from './source.js';
import type { HostName } from './types.js';

/** Each host's own rule for two files that hold one session (a compressed copy, a migrated file). */
function unique(sources: SessionSource[]): SessionSource[] {
  let kept = sources;
  for (const adapter of HOST_ADAPTERS) {
    if (!adapter.unique) continue;
    const mine = kept.filter((source) => source.host === adapter.name);
    if (mine.length < 2) continue;
    const survivors = new Set(adapter.unique(mine).map((source) => source.path));
    kept = kept.filter((source) => source.host !== adapter.name || survivors.has(source.path));
  }
  return kept;
}

/** A folder or file to look for sessions in: a host's own place, or any path a person gave. */
export interface DiscoveryRoot {
  path: string;
  /** The host whose place it is (its sessions are found by its own layout); unset for a path given. */
  host?: HostName;
}

export interface Discovery {
  sources: SessionSource[];
  /** Files that look like sessions (`.jsonl`) in a format no reader knows: skipped, to be reported once. */
  unknown: string[];
}

/**
 * How deep a given folder is searched: a home's `.codex/sessions/YYYY/MM/DD/`, `.gemini/tmp/<p>/chats/<id>/`
 * and `.local/share/opencode/storage/session/<project>/` all lie within it.
 */
const MAX_DEPTH = 8;
/** Folders that hold no sessions and can be huge (OpenCode snapshots are git object stores). */
const SKIPPED = new Set([
  'node_modules',
  '.git',
  'snapshot',
  'tool-output',
  'tool-outputs',
  'checkpoints',
  'rewind-snapshots',
]);

/** Files worth a look: transcripts, chat files and databases (the hosts tell which are theirs). */
function candidate(name: string): boolean {
  return (
    name.endsWith('.jsonl') || name.endsWith('.jsonl.zst') || name.endsWith('.json') || name.endsWith('.db')
  );
}

/** OpenCode's legacy storage keeps one file per message and part: only its `session/` folder names sessions. */
function skipped(dir: string, name: string): boolean {
  return SKIPPED.has(name) || (basename(dir) === 'storage' && name !== 'session' && name !== 'project');
}

function walk(dir: string, depth: number, files: string[]): void {
  for (const entry of listDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH && !skipped(dir, entry.name)) walk(path, depth + 1, files);
    } else if ((entry.isFile() || entry.isSymbolicLink()) && candidate(entry.name)) {
      files.push(path);
    }
  }
}

/**
 * One file of a given folder: the host its place or head names, or unknown. A `.json` nobody claims is not
 * a session (configuration, package files), so only unclaimed `.jsonl` files are reported as unknown.
 */
function classify(path: string, sources: SessionSource[], unknown: string[], seen: Set<string>): void {
  if (HOST_ADAPTERS.some((adapter) => adapter.ignores?.(path) === true)) return;
  const detected = detectHost(path);
  if (detected === undefined) {
    if (path.endsWith('.jsonl')) unknown.push(path);
    return;
  }
  if (detected.by === 'default') {
    const stat = fileStat(path);
    if (!stat) return;
    // A .jsonl nobody recognises: read as Claude Code when empty (a session just begun), else reported.
    if (stat.size > 0 && headOf(path).trim().length > 0) {
      unknown.push(path);
      return;
    }
    sources.push(describeClaudeFile(path, stat.size, stat.mtimeMs));
    return;
  }
  for (const source of detected.adapter.discover(path)) {
    if (seen.has(source.path)) continue;
    seen.add(source.path);
    sources.push(source);
  }
}

/**
 * Every session under the roots. A host's own root is read by its layout (Claude Code's projects folders
 * exactly as before); a given folder is walked once and each file goes to the host its place or its head
 * names. Files in a format no reader knows are listed in `unknown`, never read as Claude Code.
 */
export function discoverSessions(roots: readonly DiscoveryRoot[]): Discovery {
  const sources: SessionSource[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const add = (found: SessionSource[]) => {
    for (const source of found) {
      if (seen.has(source.path)) continue;
      seen.add(source.path);
      sources.push(source);
    }
  };
  for (const root of roots) {
    const path = resolve(root.path);
    if (root.host !== undefined) {
      add(adapterNamed(root.host).discover(path));
      continue;
    }
    if (!isDirectory(path)) {
      if (fileStat(path) || detectHost(path)) classify(path, sources, unknown, seen);
      continue;
    }
    const files: string[] = [];
    walk(path, 1, files);
    for (const file of files) classify(file, sources, unknown, seen);
  }
  return { sources: unique(sources), unknown: [...new Set(unknown)] };
}
