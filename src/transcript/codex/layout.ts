import { basename, dirname, join, sep } from 'node:path';
import { fileStat, homeOf, isDirectory, type SessionSource, walkFiles } from '../source.js';
import { idFromName } from './read.js';

/**
 * Where Codex keeps its rollouts: `$CODEX_HOME` (default `~/.codex`), active ones under
 * `sessions/YYYY/MM/DD/rollout-<local time>-<thread id>.jsonl`, archived ones flat under
 * `archived_sessions/`. Newer builds compress old rollouts to `.jsonl.zst`; the TypeScript CLI of spring 2025
 * wrote `sessions/rollout-<date>-<id>.json`. `history.jsonl`, `session_index.jsonl` and the SQLite caches
 * are not transcripts.
 */
export function codexHomes(env: NodeJS.ProcessEnv): string[] {
  return [env.CODEX_HOME || join(homeOf(env), '.codex')];
}

const ROLLOUT = /^rollout-.+\.(?:jsonl(?:\.zst)?|json)$/;

/** Whether a file name is a rollout's (plain, compressed, or the TypeScript CLI's JSON). */
export function isRolloutName(name: string): boolean {
  return ROLLOUT.test(name);
}

/** The plain `.jsonl` name of a rollout (its compressed sibling shares it). */
function plainName(name: string): string {
  return name.replace(/\.zst$/, '');
}

/** The Codex home a rollout path lies in (the folder holding `sessions/` or `archived_sessions/`). */
export function codexHomeOf(path: string): string | undefined {
  const parts = path.split(sep);
  for (let i = parts.length - 2; i >= 0; i--) {
    if (parts[i] === 'sessions' || parts[i] === 'archived_sessions')
      return parts.slice(0, i).join(sep) || sep;
  }
  return undefined;
}

/**
 * Every rollout under `root`: a Codex home (its `sessions/` and `archived_sessions/`), or any folder or file
 * inside one. One file per thread: a plain `.jsonl` hides its `.jsonl.zst` sibling, and an active rollout
 * hides an archived copy of the same name.
 */
export function discoverCodex(root: string): SessionSource[] {
  const one = fileStat(root);
  if (one) return isRolloutName(basename(root)) ? [sourceOf(root, one)] : [];
  const dirs = [join(root, 'sessions'), join(root, 'archived_sessions')].filter(isDirectory);
  const files = (dirs.length > 0 ? dirs : [root]).flatMap((dir) =>
    walkFiles(dir, (name) => isRolloutName(name), 5),
  );
  return uniqueRollouts(files.map((file) => sourceOf(file.path, file)));
}

function sourceOf(path: string, stat: { size: number; mtimeMs: number }): SessionSource {
  return {
    path,
    host: 'codex',
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    project: '',
    parentFromPath: undefined,
    isSubagent: false,
  };
}

/** One rollout per thread: see `preferred`. */
export function uniqueRollouts(sources: SessionSource[]): SessionSource[] {
  const byName = new Map<string, SessionSource>();
  for (const source of sources) {
    const key = plainName(basename(source.path));
    const held = byName.get(key);
    if (!held || preferred(source.path, held.path)) byName.set(key, source);
  }
  return [...byName.values()];
}

/** Whether rollout `a` wins over `b` of the same name: active over archived, plain over compressed. */
function preferred(a: string, b: string): boolean {
  const archived = (p: string) => p.split(sep).includes('archived_sessions');
  if (archived(a) !== archived(b)) return !archived(a);
  return !a.endsWith('.zst') && b.endsWith('.zst');
}

const parentIndexes = new Map<string, Map<string, string>>();
const reindexed = new Set<string>();

function indexHome(home: string): Map<string, string> {
  const index = new Map<string, string>();
  for (const source of discoverCodex(home)) index.set(idFromName(basename(source.path)), source.path);
  parentIndexes.set(home, index);
  return index;
}

/**
 * Finds the rollout of a thread in the same Codex home as `childPath` (a fork's parent). The home's rollout
 * names are indexed once per process, and once more the first time a thread is missing (it may be newer).
 */
export function codexParentLookup(childPath: string): (threadId: string) => string | undefined {
  return (threadId) => {
    const home = codexHomeOf(childPath) ?? dirname(childPath);
    let found = (parentIndexes.get(home) ?? indexHome(home)).get(threadId);
    if (found === undefined && !reindexed.has(home)) {
      reindexed.add(home);
      found = indexHome(home).get(threadId);
    }
    return found !== childPath ? found : undefined;
  };
}

/** Codex's files beside its rollouts that are not transcripts: the prompt history and the thread index. */
export function isCodexBookkeeping(path: string): boolean {
  // Neither name in the path, neither is its file's: no basename (a walk of the path's characters) then.
  if (!path.includes('history.jsonl') && !path.includes('session_index.jsonl')) return false;
  const name = basename(path);
  return (
    (name === 'history.jsonl' || name === 'session_index.jsonl') &&
    isDirectory(join(dirname(path), 'sessions'))
  );
}
