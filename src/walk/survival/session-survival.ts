import { InputError } from '../../errors/errors.js';
import { findGitRoots } from '../../git/roots.js';
import type { SessionEdits } from '../../transcript/session-edits.js';
import { GitRunner } from '../collect/git-run.js';
import { collectSessionCommits } from '../collect/session-commits.js';
import { type Evidence, emptyEvidence } from '../evidence.js';
import { loadAgentEdits, readSessionFile } from '../link/agent-edits.js';
import { createHunkLinker } from '../link/link.js';
import { measureSurvival } from './survival.js';

/** At most this many sessions are measured per call: each is a walk of its commits and some blames. */
const MAX_SURVIVAL_SESSIONS = 40;
/** At most this long for all of them; sessions left over are not measured. */
const SESSION_SURVIVAL_BUDGET_MS = 60_000;

export interface SessionSurvivalOptions {
  /** A folder of the git repository the sessions worked in. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The sessions' transcripts, by session id. */
  transcripts: readonly { sessionId: string; path: string }[];
  /** The later revision (default HEAD). */
  at?: string;
  maxSessions?: number;
  budgetMs?: number;
  clock?: () => number;
}

/** One session's committed lines and how many are alive at the later revision. */
export interface SessionLines {
  added: number;
  alive: number;
}

/** What measuring one session's committed work found. */
export type MeasuredSession =
  /** It committed nothing in this repository (or its transcript is gone). */
  | { kind: 'none' }
  /** Its linked lines, and the revision (a full sha) they were measured at. */
  | { kind: 'lines'; lines: SessionLines; at: string }
  /** It committed work here, but no linked hunk could be measured at the later revision. */
  | { kind: 'unmeasured'; reason: string };

/** A session's commits in a repository, as `walk --session` finds them, ready to be measured. */
export interface SessionWork {
  evidence: Evidence;
  /** The newest committer time (ms) of its commits. */
  lastCommitMs: number;
}

/**
 * The commits of a session in `git`'s repository (committer time in its window, files it edited, as
 * `walk --session` finds them) and its hunks linked to its own edits and commands; undefined when it has
 * none there (nothing edited in this worktree, no commit in its window).
 */
export async function sessionWork(
  git: GitRunner,
  path: string,
  own: SessionEdits,
): Promise<SessionWork | undefined> {
  const evidence = emptyEvidence('commit-range', `--session ${own.sessionId}`);
  const { edits, claims } = loadAgentEdits([], new Map([[path, own]]));
  const linker = createHunkLinker(edits, claims);
  evidence.sessionEditors = linker.editorsBetween;
  try {
    await collectSessionCommits(git, path, own, linker, evidence);
  } catch (error) {
    if (error instanceof InputError) return undefined;
    throw error;
  }
  const times = evidence.commits.map((c) => Date.parse(c.committerDate)).filter((t) => !Number.isNaN(t));
  return { evidence, lastCommitMs: times.length > 0 ? Math.max(...times) : Number.NaN };
}

/** A session's work measured at `at` (default HEAD) within `budgetMs` of blame time. */
export async function measureSessionWork(
  git: GitRunner,
  sessionId: string,
  work: SessionWork,
  at: string | undefined,
  budgetMs?: number,
): Promise<MeasuredSession> {
  const summary = await measureSurvival(git, work.evidence, {
    ...(at === undefined ? {} : { at }),
    ...(budgetMs === undefined ? {} : { budgetMs }),
  });
  if (!summary) return { kind: 'none' };
  const lines = summary.sessions[sessionId];
  if (!lines)
    return {
      kind: 'unmeasured',
      reason: `its commits are not in the history of ${summary.at.slice(0, 7)}, or the blame bound was spent`,
    };
  return { kind: 'lines', lines, at: summary.at };
}

/** Reads a transcript's edits, or undefined when the file is gone. */
export function readOwnEdits(path: string): SessionEdits | undefined {
  try {
    return readSessionFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What became of each session's committed work: its commits found as `walk --session` finds them (committer
 * time in its window, files it edited), its linked hunks measured as a walk's survival. A session with no
 * committed work in this repository maps to null; one left over by the bounds is absent. Reads only.
 */
export async function sessionSurvival(
  options: SessionSurvivalOptions,
): Promise<Map<string, SessionLines | null>> {
  const roots = findGitRoots(options.cwd);
  if (!roots)
    throw new InputError(`${options.cwd} is not inside a git repository; survival needs its commits`);
  const clock = options.clock ?? Date.now;
  const started = clock();
  const out = new Map<string, SessionLines | null>();
  for (const { sessionId, path } of options.transcripts.slice(
    0,
    options.maxSessions ?? MAX_SURVIVAL_SESSIONS,
  )) {
    if (clock() - started >= (options.budgetMs ?? SESSION_SURVIVAL_BUDGET_MS)) break;
    if (out.has(sessionId)) continue;
    const git = new GitRunner(roots.worktree, options.env);
    const own = readOwnEdits(path);
    const work = own ? await sessionWork(git, path, own) : undefined;
    if (!work) {
      // No committed work here (nothing edited in this worktree, no commit in its window), or no transcript.
      out.set(sessionId, null);
      continue;
    }
    const measured = await measureSessionWork(git, sessionId, work, options.at);
    out.set(sessionId, measured.kind === 'lines' ? measured.lines : null);
  }
  return out;
}
