import { realpathSync } from 'node:fs';
import { basename, isAbsolute, relative, sep } from 'node:path';
import { isWithin } from '../fsx/paths.js';
import { gitOutput } from '../git/safe-git.js';
import { sessionWindow } from '../walk/collect/session-commits.js';
import { placeEdits } from '../walk/collect/session-folder.js';
import { readSessionFile } from '../walk/link/agent-edits.js';
import { isSubstantiveRequest } from '../walk/link/request.js';
import type { ExperimentTask } from './tasks.js';

/** A session that could not become a task, and why (one line). */
export interface LeftOutSession {
  session: string;
  reason: string;
}

/** How a task's revision was found. */
export type StartEvidence = 'before-first-commit' | 'parent-of-first-commit' | 'head-at-start';

export interface TasksFromSessions {
  tasks: (ExperimentTask & { from: { session: string; start: StartEvidence } })[];
  leftOut: LeftOutSession[];
}

const realOrSelf = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** A task id from the session's id: letters, digits and '-' only, as tasks files want. */
function taskId(sessionId: string, taken: Set<string>): string {
  const base = `session-${sessionId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12) || 'x'}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * The commit a session started from. When the session committed (the walk's linking: commits in its time
 * window that touched a file it edited), the last commit before its opening request on the line to the
 * first of them (that commit's parent when the clocks disagree); otherwise the commit HEAD's first-parent
 * line was at when the opening request was made.
 */
function startCommit(
  repo: string,
  path: string,
  edited: ReadonlySet<string>,
  edits: Parameters<typeof sessionWindow>[1],
  startedAt: string,
  env: NodeJS.ProcessEnv,
): { sha: string; start: StartEvidence } | undefined {
  const window = edited.size > 0 ? sessionWindow(path, edits) : undefined;
  if (window) {
    const log = gitOutput(
      [
        'log',
        '--no-merges',
        '--reverse',
        '--format=%H',
        `--since=${window.since}`,
        `--until=${window.until}`,
        'HEAD',
        '--',
        ...edited,
      ],
      repo,
      env,
    );
    const first = log?.split('\n').find((line) => /^[0-9a-f]{40,64}$/.test(line));
    if (first) {
      // Commits the session made with its shell (a deletion, a generated file) touch no file it edited, and
      // may come before the first one that does: the start is the last commit on that line dated before
      // the opening request, or, when the clocks disagree and none is, the first linked commit's parent.
      const before = gitOutput(['rev-list', '-1', `--before=${startedAt}`, `${first}^`], repo, env)?.trim();
      if (before && /^[0-9a-f]{40,64}$/.test(before)) return { sha: before, start: 'before-first-commit' };
      const parent = gitOutput(['rev-parse', '--verify', '--quiet', `${first}^`], repo, env)?.trim();
      if (parent && /^[0-9a-f]{40,64}$/.test(parent)) return { sha: parent, start: 'parent-of-first-commit' };
    }
  }
  const at = gitOutput(
    ['rev-list', '-1', '--first-parent', `--before=${startedAt}`, 'HEAD'],
    repo,
    env,
  )?.trim();
  return at && /^[0-9a-f]{40,64}$/.test(at) ? { sha: at, start: 'head-at-start' } : undefined;
}

/**
 * The repository paths of a session recorded in another folder (another machine, a committed copy): its
 * edits under that folder, taken relative to it. Edits outside it are left out.
 */
function movedEdits(paths: readonly string[], recordedFolder: string): Set<string> {
  const inside = new Set<string>();
  for (const path of paths) {
    if (!isAbsolute(path)) continue;
    const rel = relative(recordedFolder, path);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) inside.add(rel.split(sep).join('/'));
  }
  return inside;
}

/**
 * Tasks from past sessions of one repository: each session's opening request (its first prompt that asks
 * for something), at the commit the session started from. With `anyFolder`, a session recorded in another
 * folder is taken as this repository's, its edits mapped by their path under that folder. Sessions that
 * ran elsewhere (without `anyFolder`), made no request,
 * have no timestamps, or started before the repository's first commit are left out with their reason.
 * The tasks have no check; the transcripts are only read.
 */
export function tasksFromSessions(
  sessionPaths: readonly string[],
  repo: string,
  env: NodeJS.ProcessEnv,
  options: { anyFolder?: boolean } = {},
): TasksFromSessions {
  const root = realOrSelf(repo);
  const taken = new Set<string>();
  const result: TasksFromSessions = { tasks: [], leftOut: [] };
  for (const path of sessionPaths) {
    const leave = (reason: string) => result.leftOut.push({ session: path, reason });
    let session: ReturnType<typeof readSessionFile>;
    try {
      session = readSessionFile(path);
    } catch (error) {
      leave(`cannot be read as a session (${(error as Error).message.split('\n')[0]})`);
      continue;
    }
    if (session.subagent) {
      leave("a sub-agent's file: its requests come from the session that started it");
      continue;
    }
    const elsewhere = session.cwd !== undefined && !isWithin(root, realOrSelf(session.cwd));
    if (elsewhere && !options.anyFolder) {
      leave(
        `ran in ${session.cwd}, outside the repository ${repo} (--any-folder takes it as this repository's)`,
      );
      continue;
    }
    const opening = session.prompts.find((p) => isSubstantiveRequest(p.text));
    if (!opening) {
      leave('has no opening request (no prompt that asks for something)');
      continue;
    }
    if (opening.timestamp === undefined || Number.isNaN(Date.parse(opening.timestamp))) {
      leave('its opening request has no timestamp to find its starting commit by');
      continue;
    }
    const edited =
      elsewhere && session.cwd !== undefined
        ? movedEdits(
            session.edits.map((e) => e.filePath),
            session.cwd,
          )
        : placeEdits([...new Set(session.edits.map((e) => e.filePath))], root, session.cwd).inside;
    const start = startCommit(root, path, edited, session.edits, opening.timestamp, env);
    if (!start) {
      leave(`no commit of ${repo} before its start (${opening.timestamp})`);
      continue;
    }
    result.tasks.push({
      id: taskId(session.sessionId || basename(path), taken),
      prompt: opening.text,
      repo,
      rev: start.sha,
      from: { session: path, start: start.start },
    });
  }
  return result;
}
