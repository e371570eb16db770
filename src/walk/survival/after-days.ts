import { findGitRoots } from '../../git/roots.js';
import { GitRunner } from '../collect/git-run.js';
import { measureSessionWork, readOwnEdits, sessionWork } from './session-survival.js';
import { SURVIVAL_BUDGET_MS } from './survival.js';

/** How long after its commit a session's code is looked at by default: two weeks of the project's life. */
export const DEFAULT_SURVIVAL_DAYS = 14;
/** How long measuring all the sessions of one scan or report may take by default. */
export const DEFAULT_SURVIVAL_AFTER_BUDGET_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session's committed lines and those alive `days` after its last commit, at revision `at` (HEAD's last
 * commit by then). `days` is less than asked for when the session is younger: it was measured at HEAD.
 */
export interface LinesAfterDays {
  added: number;
  alive: number;
  at: string;
  days: number;
}

/** A session that committed work but was not measured, and why (over the time bound, not on HEAD, …). */
export interface UnmeasuredAfterDays {
  added: null;
  alive: null;
  at: null;
  days: number;
  unmeasured: string;
}

/** What became of one session's committed code; null when it committed nothing found (or is gone). */
export type SurvivalAfterDays = LinesAfterDays | UnmeasuredAfterDays | null;

export interface SurvivalAfterDaysOptions {
  /** The sessions, in the order they are measured (those past the bound are not). */
  sessions: readonly { path: string }[];
  /** Days after each session's last commit the code is looked at. */
  days: number;
  env: NodeJS.ProcessEnv;
  /** All the sessions together take at most this long (default 60 s); the rest say they were not measured. */
  budgetMs?: number;
  clock?: () => number;
  /** Now (ms): a session younger than `days` is measured at HEAD. */
  now?: number;
}

/** Rounds days to one decimal. */
const roundDays = (ms: number) => Math.max(0, Math.round((ms / DAY_MS) * 10) / 10);

/**
 * What became of each session's committed code `days` after its last commit, in the repository of the
 * folder the session ran in: its commits and linked hunks found as `walk --session` finds them, the hunks'
 * lines blamed at HEAD's last commit by then (`git blame -C -M -w`, see measureSurvival). Keyed by
 * transcript path. A session with no folder, no repository, no edit there or no commit in its window is
 * null; one the time bound left over says so (`unmeasured`), never a count of 0. Reads only.
 */
export async function survivalAfterDays(
  options: SurvivalAfterDaysOptions,
): Promise<Map<string, SurvivalAfterDays>> {
  const clock = options.clock ?? Date.now;
  const now = options.now ?? Date.now();
  const budget = options.budgetMs ?? DEFAULT_SURVIVAL_AFTER_BUDGET_MS;
  const started = clock();
  const out = new Map<string, SurvivalAfterDays>();
  const unmeasured = (reason: string): UnmeasuredAfterDays => ({
    added: null,
    alive: null,
    at: null,
    days: options.days,
    unmeasured: reason,
  });
  for (const { path } of options.sessions) {
    if (out.has(path)) continue;
    const left = budget - (clock() - started);
    if (left <= 0) {
      out.set(path, unmeasured(`over the survival time bound of ${budget / 1000} s`));
      continue;
    }
    const own = readOwnEdits(path);
    const roots = own?.cwd === undefined ? undefined : findGitRoots(own.cwd);
    if (!own || !roots) {
      out.set(path, null);
      continue;
    }
    const git = new GitRunner(roots.worktree, options.env);
    const work = await sessionWork(git, path, own);
    if (!work || Number.isNaN(work.lastCommitMs)) {
      out.set(path, null);
      continue;
    }
    const later = work.lastCommitMs + options.days * DAY_MS;
    const days = later <= now ? options.days : roundDays(now - work.lastCommitMs);
    const at = later <= now ? await headBefore(git, later) : undefined;
    const measured = await measureSessionWork(
      git,
      own.sessionId,
      work,
      at,
      Math.min(SURVIVAL_BUDGET_MS, budget - (clock() - started)),
    );
    if (measured.kind === 'none') out.set(path, null);
    else if (measured.kind === 'unmeasured') out.set(path, unmeasured(measured.reason));
    else out.set(path, { ...measured.lines, at: measured.at, days });
  }
  return out;
}

/** HEAD's newest commit committed at or before `ms` (HEAD itself when none is, which measures nothing). */
async function headBefore(git: GitRunner, ms: number): Promise<string> {
  const iso = new Date(ms).toISOString();
  const found = await git.collect(['rev-list', '-1', `--before=${iso}`, 'HEAD']);
  return found.stdout.toString('utf8').trim() || 'HEAD';
}
