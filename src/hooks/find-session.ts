import { readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { isWithin } from '../fsx/paths.js';
import { claudeConfigDirs, projectFolderName } from '../paths/data-dir.js';
import { newestUserSession } from '../transcript/newest-user-session.js';

export interface SessionLocation {
  path: string;
  /** How it was found: the hook's transcript_path, its session_id, or the project's newest session of the user's. */
  source: 'transcript_path' | 'session_id' | 'newest';
}

const SAFE_SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

function projectsRoots(env: NodeJS.ProcessEnv): string[] {
  return claudeConfigDirs(env).flatMap((dir) => {
    try {
      return [realpathSync(join(dir, 'projects'))];
    } catch {
      return [];
    }
  });
}

/**
 * The hook's `transcript_path` is untrusted text: it is used only when it names an existing `.jsonl` file
 * that really lies under a Claude Code `projects/` folder (symlinks resolved).
 */
function trustedTranscript(value: unknown, roots: string[]): string | undefined {
  if (typeof value !== 'string' || !value.endsWith('.jsonl') || !isAbsolute(value)) return undefined;
  let real: string;
  try {
    real = realpathSync(value);
  } catch {
    return undefined;
  }
  return roots.some((root) => isWithin(root, real)) && isFile(real) ? real : undefined;
}

/** The `*.jsonl` transcripts directly inside the folders, with their modification times in ms. */
function listTranscripts(folders: string[]): { path: string; mtimeMs: number }[] {
  const transcripts: { path: string; mtimeMs: number }[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue;
      const path = join(folder, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isFile()) transcripts.push({ path, mtimeMs: stat.mtimeMs });
    }
  }
  return transcripts;
}

/**
 * The project's newest session of the user's, passing over Retrospect's own `claude -p` runs (the same
 * choice a plain retro makes). When there are only own runs, the newest of them stands for the session,
 * and the hint recognises it and stays quiet.
 */
function newestSession(folders: string[]): string | undefined {
  const newest = newestUserSession(listTranscripts(folders), (t) => t.mtimeMs);
  return (newest.session ?? newest.ownRuns[0])?.path;
}

/**
 * Finds the transcript of the session a Stop/SessionEnd hook fired for: the payload's `transcript_path`,
 * else `<config dir>/projects/<project folder of cwd>/<session_id>.jsonl`, else the newest `*.jsonl` there
 * that is not one of Retrospect's own runs. A transcript the payload names is returned even when it is one.
 * `cwd` is the payload's when it gives an absolute one (it only ever becomes a folder *name*).
 */
export function locateSessionTranscript(
  payload: Record<string, unknown>,
  options: { env: NodeJS.ProcessEnv; cwd: string },
): SessionLocation | undefined {
  const roots = projectsRoots(options.env);
  const fromPayload = trustedTranscript(payload.transcript_path, roots);
  if (fromPayload) return { path: fromPayload, source: 'transcript_path' };
  const cwd = typeof payload.cwd === 'string' && isAbsolute(payload.cwd) ? payload.cwd : options.cwd;
  const folders = roots.map((root) => join(root, projectFolderName(cwd)));
  const sessionId = payload.session_id;
  if (typeof sessionId === 'string' && SAFE_SESSION_ID.test(sessionId)) {
    const named = folders.map((folder) => join(folder, `${sessionId}.jsonl`)).find(isFile);
    if (named) return { path: named, source: 'session_id' };
  }
  const newest = newestSession(folders);
  return newest ? { path: newest, source: 'newest' } : undefined;
}

/** A session id that is safe to print inside a suggested shell command. */
export function isPrintableSessionId(id: string): boolean {
  return SAFE_SESSION_ID.test(id);
}
