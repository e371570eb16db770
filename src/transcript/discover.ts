import { type Dirent, lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeClaudeFile } from './claude/layout.js';
import { adapterNamed, detectHost, HOST_ADAPTERS, headOf } from './hosts.js';
import type { SkippedEntry } from './skipped.js';
import { entryPath, fileStat, isDirectory, type SessionSource } from './source.js';
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
  /** What the walk of a given folder passed over, and why (a FIFO, a link loop, an unreadable folder). */
  skipped: SkippedEntry[];
}

/** A given folder may be one above a user's home (`/home`, a backup's root) and still find every session. */
const LEVELS_ABOVE_A_HOME = 1;
/**
 * How deep a given folder is searched (the folder itself is depth 1): deep enough for the deepest agent's
 * sessions below its home (each adapter's `homeDepth`), given from a folder up to one level above a home.
 */
const MAX_DEPTH = 1 + LEVELS_ABOVE_A_HOME + Math.max(...HOST_ADAPTERS.map((adapter) => adapter.homeDepth));
/** Folders that hold no agent's sessions and can be huge, whatever the agent. */
const NEVER_ENTERED = new Set(['node_modules', '.git']);
/** Every agent's session file endings (`fileEndings`). */
const ENDINGS = [...new Set(HOST_ADAPTERS.flatMap((adapter) => adapter.fileEndings))];

/** Files worth a look: transcripts, chat files and databases (the hosts tell which are theirs). */
function candidate(name: string): boolean {
  return ENDINGS.some((ending) => name.endsWith(ending));
}

/** A folder no walk enters: a dependency or git store, or a folder an agent says holds no session of its. */
function skipped(dir: string, name: string): boolean {
  return (
    NEVER_ENTERED.has(name) || HOST_ADAPTERS.some((adapter) => adapter.skipsFolder?.(dir, name) === true)
  );
}

/** What kind of special file `stat` describes, in words (stat never opens it, so a FIFO cannot block us). */
function specialKind(stat: Stats | Dirent): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

type Skip = (entry: SkippedEntry) => void;

/**
 * A symbolic link met in a walk: a link to a candidate file is one; a link that loops or dangles, and a
 * link to a folder (never followed, so a loop cannot trap the walk), are passed over and said.
 */
function visitLink(path: string, wanted: boolean, files: string[], skip: Skip): void {
  let target: Stats;
  try {
    target = statSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') skip({ path, kind: 'link-loop', reason: 'a symbolic link that loops (ELOOP)' });
    else if (code === 'ENOENT') skip({ path, kind: 'dangling-link', reason: 'a symbolic link to nothing' });
    else if (wanted)
      skip({ path, kind: 'unreadable-file', reason: `a symbolic link that cannot be followed (${code})` });
    return;
  }
  if (target.isDirectory())
    skip({
      path,
      kind: 'link-to-folder',
      reason: 'a symbolic link to a folder (links to folders are not followed)',
    });
  else if (!wanted) return;
  else if (target.isFile()) files.push(path);
  else skip({ path, kind: 'special-file', reason: `a link to ${specialKind(target)}, not a regular file` });
}

/**
 * The candidate files under `dir`, and what was passed over: FIFOs, sockets and devices (never opened, so
 * they cannot block), folders named `*.jsonl`, links that loop or dangle, unreadable folders, folders
 * deeper than any agent's layout goes.
 */
function walk(dir: string, depth: number, files: string[], skip: Skip): void {
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
    const path = entryPath(dir, entry.name);
    const wanted = candidate(entry.name);
    if (entry.isSymbolicLink()) {
      visitLink(path, wanted, files, skip);
    } else if (entry.isDirectory()) {
      if (entry.name.endsWith('.jsonl'))
        skip({ path, kind: 'folder-named-jsonl', reason: 'a folder named like a transcript (not searched)' });
      else if (skipped(dir, entry.name)) continue;
      else if (depth < MAX_DEPTH) walk(path, depth + 1, files, skip);
      else
        skip({
          path,
          kind: 'too-deep',
          reason: `a folder more than ${MAX_DEPTH} levels below the root (not searched)`,
        });
    } else if (wanted) {
      if (entry.isFile()) files.push(path);
      else skip({ path, kind: 'special-file', reason: `${specialKind(entry)}, not a regular file` });
    }
  }
}

function dangles(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch {
    return false;
  }
}

/** A given path that is not a folder: a session file, or what stands in its way (a loop, a FIFO). */
function rootFileSkip(path: string): SkippedEntry | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') return { path, kind: 'link-loop', reason: 'a symbolic link that loops (ELOOP)' };
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      return { path, kind: 'dangling-link', reason: `cannot be reached (${code})` };
    // Nothing there, or a path inside a file (an OpenCode database's session row): only a link that
    // dangles here is worth saying.
    return dangles(path) ? { path, kind: 'dangling-link', reason: `cannot be reached (${code})` } : undefined;
  }
  if (stat.isFile() || stat.isDirectory()) return undefined;
  return { path, kind: 'special-file', reason: `${specialKind(stat)}, not a regular file` };
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
  const skippedEntries = new Map<string, SkippedEntry>();
  const skip: Skip = (entry) => skippedEntries.set(entry.path, entry);
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
      const passedOver = rootFileSkip(path);
      if (passedOver) skip(passedOver);
      else if (fileStat(path) || detectHost(path)) classify(path, sources, unknown, seen);
      continue;
    }
    const files: string[] = [];
    walk(path, 1, files, skip);
    for (const file of files) classify(file, sources, unknown, seen);
  }
  return { sources: unique(sources), unknown: [...new Set(unknown)], skipped: [...skippedEntries.values()] };
}
