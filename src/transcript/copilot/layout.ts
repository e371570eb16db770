import { basename, dirname, join } from 'node:path';
import { fileStat, homeOf, isDirectory, listDir, type SessionSource } from '../source.js';

/**
 * Where GitHub Copilot CLI keeps its sessions: `$COPILOT_HOME` (default `~/.copilot`), as
 * `session-state/<id>/events.jsonl` (1.0.11+, beside a `workspace.yaml`), `session-state/<id>.jsonl`
 * (earlier 1.0), and `history-session-state/session_<id>_<ms>.json` (0.0.3xx).
 */
export function copilotHomes(env: NodeJS.ProcessEnv): string[] {
  return [env.COPILOT_HOME || join(homeOf(env), '.copilot')];
}

/** Whether a path is a Copilot session by its place. */
export function isCopilotSessionPath(path: string): boolean {
  // Every place below has `session-state` in its path; without it, no basename or dirname is made (each a
  // walk of the path's characters, asked of every file a scan meets).
  if (!path.includes('session-state')) return false;
  const name = basename(path);
  const parent = basename(dirname(path));
  if (name === 'events.jsonl') return basename(dirname(dirname(path))) === 'session-state';
  if (parent === 'session-state') return name.endsWith('.jsonl');
  return parent === 'history-session-state' && /^session_.+\.json$/.test(name);
}

function source(path: string): SessionSource | undefined {
  const stat = fileStat(path);
  if (!stat) return undefined;
  return { path, host: 'copilot', ...stat, project: '', parentFromPath: undefined, isSubagent: false };
}

/** Every session under `root`: a Copilot home, its `session-state/` or `history-session-state/`, or a file. */
export function discoverCopilot(root: string): SessionSource[] {
  if (!isDirectory(root)) {
    const one = isCopilotSessionPath(root) ? source(root) : undefined;
    return one ? [one] : [];
  }
  const name = basename(root);
  const state = name === 'session-state' ? root : join(root, 'session-state');
  const history = name === 'history-session-state' ? root : join(root, 'history-session-state');
  const sources: SessionSource[] = [];
  if (name !== 'history-session-state') {
    // A session that has its folder is read from its events.jsonl, never also from a flat file.
    const entries = listDir(state);
    const folders = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    for (const entry of entries) {
      const path = join(state, entry.name);
      let file: string | undefined;
      if (entry.isDirectory()) file = join(path, 'events.jsonl');
      else if (entry.name.endsWith('.jsonl') && !folders.has(entry.name.slice(0, -'.jsonl'.length)))
        file = path;
      const found = file ? source(file) : undefined;
      if (found) sources.push(found);
    }
  }
  if (name !== 'session-state') {
    for (const entry of listDir(history)) {
      if (!/^session_.+\.json$/.test(entry.name)) continue;
      const found = source(join(history, entry.name));
      if (found) sources.push(found);
    }
  }
  return sources;
}

/** A session that has its folder is read from its `events.jsonl`, never also from a flat file. */
export function uniqueCopilot(sources: SessionSource[]): SessionSource[] {
  const folders = new Set(
    sources
      .filter((source) => basename(source.path) === 'events.jsonl')
      .map((source) => basename(dirname(source.path))),
  );
  return sources.filter(
    (source) =>
      !(
        source.path.endsWith('.jsonl') &&
        basename(source.path) !== 'events.jsonl' &&
        folders.has(basename(source.path, '.jsonl'))
      ),
  );
}
