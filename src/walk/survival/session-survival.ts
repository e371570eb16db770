import { InputError } from '../../errors/errors.js';
import { findGitRoots } from '../../git/roots.js';
import { GitRunner } from '../collect/git-run.js';
import { collectSessionCommits } from '../collect/session-commits.js';
import { emptyEvidence } from '../evidence.js';
import { loadAgentEdits, readSessionFile } from '../link/agent-edits.js';
import { createHunkLinker } from '../link/link.js';
import { measureSurvival } from './survival.js';

/** At most this many sessions are measured per call: each is a walk of its commits and some blames. */
export const MAX_SURVIVAL_SESSIONS = 40;
/** At most this long for all of them; sessions left over are not measured. */
export const SESSION_SURVIVAL_BUDGET_MS = 60_000;

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
    const evidence = emptyEvidence('commit-range', `--session ${sessionId}`);
    try {
      const own = readSessionFile(path);
      const { edits, claims } = loadAgentEdits([], new Map([[path, own]]));
      const linker = createHunkLinker(edits, claims);
      evidence.sessionEditors = linker.editorsBetween;
      await collectSessionCommits(git, path, own, linker, evidence);
    } catch (error) {
      // No committed work here (nothing edited in this worktree, no commit in its window), or no transcript.
      if (error instanceof InputError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
        out.set(sessionId, null);
        continue;
      }
      throw error;
    }
    const summary = await measureSurvival(git, evidence, options.at === undefined ? {} : { at: options.at });
    out.set(sessionId, summary?.sessions[sessionId] ?? null);
  }
  return out;
}
