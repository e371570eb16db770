import type { GitRunner } from '../collect/git-run.js';
import type { HunkFate } from '../document.js';
import type { Evidence, FileChange, LinkedHunk } from '../evidence.js';
import { blameAt, type LineOrigin, lastSeen } from './blame.js';
import { followPath, type LaterCommit, laterHistory } from './history.js';

/** At most this many blame calls per walk: a bound on what survival costs on a long range. */
const MAX_SURVIVAL_BLAMES = 400;
/** At most this long on blame calls per walk; hunks left over are not given a fate (and a note says so). */
export const SURVIVAL_BUDGET_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many blame calls run at once. */
const SURVIVAL_CONCURRENCY = 3;

export interface SurvivalOptions {
  /** The later revision (default HEAD). */
  at?: string;
  maxBlames?: number;
  budgetMs?: number;
  /**
   * The sessions whose edits of `path` (at any of its names) lie in `(from, to]` (ms): who changed a line
   * in a commit the walk did not link, as far as the sessions tell.
   */
  editorsBetween?: (path: string, from: number, to: number) => string[];
  /** The clock the time budget is measured by (default: the system's). */
  clock?: () => number;
}

/** The walk's survival: the revision, in all and per session. */
export interface SurvivalSummary {
  at: string;
  added: number;
  alive: number;
  sessions: Record<string, { added: number; alive: number }>;
}

/** Rounds days to one decimal: enough to say "the next day" or "after three weeks". */
const days = (ms: number) => Math.max(0, Math.round((ms / DAY_MS) * 10) / 10);

/** A linked hunk of a commit, with the file change that holds it. */
interface LinkedCommitHunk {
  change: FileChange;
  hunk: LinkedHunk;
}

/** What every hunk's measurement shares: the later history, the blames asked for, the bound on them. */
interface SurvivalRun {
  git: GitRunner;
  /** The later revision's commit. */
  at: string;
  history: LaterCommit[];
  /** Each commit's place in `history` (the oldest walked commit is -1). */
  index: Map<string, number>;
  committedAt: Map<string, number>;
  linksOf: ReturnType<typeof linkedSessionsByCommit>;
  /** One blame of the later revision per path, shared by the hunks of that path. */
  blamed: Map<string, Promise<LineOrigin[]>>;
  /** Takes one blame call from the bound, when any is left. */
  takeBlame: () => boolean;
  options: SurvivalOptions;
}

/** A hunk all of whose added lines are still there. */
function keptWhole(hunk: LinkedHunk): NonNullable<LinkedHunk['survival']> {
  return { alive: hunk.added, fate: { state: 'kept', by: null, commit: null, after_days: null } };
}

/**
 * Measures one linked hunk and sets `hunk.survival`; false when it could not be measured (its commit is
 * not in the later history, or the blame bound was spent).
 */
async function measureHunk(run: SurvivalRun, { change, hunk }: LinkedCommitHunk): Promise<boolean> {
  const sha = change.origin.kind === 'commit' ? change.origin.sha : '';
  const position = run.index.get(sha);
  if (position === undefined) return false;
  const session = hunk.provenance.link?.sessionId ?? '';
  const path = followPath(run.history, position, change.path);
  if (path.touchedBy.length === 0) {
    hunk.survival = keptWhole(hunk);
    return true;
  }
  let alive = new Set<number>();
  if (path.finalPath !== undefined) {
    let pending = run.blamed.get(path.finalPath);
    if (!pending) {
      if (!run.takeBlame()) return false;
      pending = blameAt(run.git, run.at, path.finalPath);
      run.blamed.set(path.finalPath, pending);
    }
    alive = aliveLines(await pending, sha, change.path, hunk);
  }
  if (alive.size >= hunk.added) {
    hunk.survival = keptWhole(hunk);
    return true;
  }
  const found = await firstChanger(
    run.git,
    { sha, position },
    run.at,
    change.path,
    hunk,
    run.history,
    path.deletedBy,
    alive,
    run.takeBlame,
  );
  const changer = found.changer;
  if (found.standing >= hunk.added) {
    hunk.survival = keptWhole(hunk);
    return true;
  }
  const committed = run.committedAt.get(sha);
  const by = changer
    ? whoChanged(changer, session, change.path, committed ?? 0, run.linksOf, run.options)
    : null;
  const fate: HunkFate = {
    state: found.standing === 0 ? 'reverted' : 'changed',
    by,
    commit: changer?.sha ?? null,
    after_days: changer ? days(changer.time - (committed ?? changer.time)) : null,
  };
  hunk.survival = { alive: found.standing, fate };
  return true;
}

/**
 * What became of every linked hunk of a commit-range walk at a later revision: how many of its added lines
 * `git blame -C -M -w` still gives to its commit there, and, when not all, the first commit that changed
 * or removed one of them (`git blame --reverse` over the hunk's added lines) and who made it: the session
 * that wrote the hunk, another session (a linked hunk of that commit, or a session's edit of the file
 * between the two commits), or a person (the commit's author). A hunk whose file no later commit touched
 * is kept without a blame. Bounded in blame calls and time; each hunk's result is set on it
 * (`hunk.survival`). Returns undefined when the walk has no linked committed hunk.
 */
export async function measureSurvival(
  git: GitRunner,
  evidence: Evidence,
  options: SurvivalOptions = {},
): Promise<SurvivalSummary | undefined> {
  const linked: LinkedCommitHunk[] = evidence.changes.flatMap((change) =>
    change.origin.kind === 'commit'
      ? change.hunks.filter((h) => h.provenance.link && h.added > 0).map((hunk) => ({ change, hunk }))
      : [],
  );
  if (linked.length === 0) return undefined;
  const resolved = await git.collect([
    'rev-parse',
    '--verify',
    '--quiet',
    `${options.at ?? 'HEAD'}^{commit}`,
  ]);
  const at = resolved.stdout.toString('utf8').trim();
  const shas = new Set(
    linked.map(({ change }) => (change.origin.kind === 'commit' ? change.origin.sha : '')),
  );
  // The walk's commits are oldest first; the first one holding a linked hunk starts the later history.
  const oldest = evidence.commits.find((c) => shas.has(c.sha))?.sha ?? [...shas][0] ?? at;
  const history = await laterHistory(git, oldest, at);
  const index = new Map(history.map((c, i) => [c.sha, i]));
  index.set(oldest, -1);
  const clock = options.clock ?? Date.now;
  const started = clock();
  const maxBlames = options.maxBlames ?? MAX_SURVIVAL_BLAMES;
  const budget = options.budgetMs ?? SURVIVAL_BUDGET_MS;
  let blames = 0;
  const run: SurvivalRun = {
    git,
    at,
    history,
    index,
    committedAt: new Map(evidence.commits.map((c) => [c.sha, Date.parse(c.committerDate)])),
    linksOf: linkedSessionsByCommit(evidence.changes),
    blamed: new Map(),
    takeBlame: () => {
      if (blames >= maxBlames || clock() - started >= budget) return false;
      blames++;
      return true;
    },
    options,
  };
  let unmeasured = 0;
  // A few blames at a time: git runs them on other cores while the walk waits.
  let next = 0;
  const worker = async () => {
    while (next < linked.length) {
      const item = linked[next++];
      if (item && !(await measureHunk(run, item))) unmeasured++;
    }
  };
  await Promise.all(Array.from({ length: SURVIVAL_CONCURRENCY }, worker));
  if (unmeasured > 0)
    evidence.notes.push(
      `${unmeasured} linked hunk${unmeasured === 1 ? ' was' : 's were'} not measured for survival (over the bound of ${maxBlames} blame calls or ${budget / 1000} s, or not in the history of ${at.slice(0, 7)}).`,
    );
  return summarise(
    at,
    linked.map(({ hunk }) => hunk),
  );
}

/**
 * The hunk's added lines (by their number in its commit) that git blame of the later revision still
 * gives to the hunk's commit, at its path there.
 */
function aliveLines(
  origins: readonly LineOrigin[],
  sha: string,
  path: string,
  hunk: LinkedHunk,
): Set<number> {
  const runs = hunk.addedRuns ?? [[hunk.newStart, hunk.newStart + hunk.newLines - 1]];
  const alive = new Set<number>();
  for (const origin of origins) {
    if (origin.sha !== sha || origin.path !== path) continue;
    if (runs.some(([first, last]) => origin.line >= first && origin.line <= last)) alive.add(origin.line);
  }
  return alive;
}

/**
 * The first later commit that changed or removed one of the hunk's added lines, and how many stand at the
 * later revision. git blame --reverse gives the last revision each line stood in: one that stood to the
 * end is alive (as is one forward blame gave to the hunk's commit: `alive`; forward blame's move detection
 * can give an unchanged line to an older commit that held the same text, and a line moved to another file
 * is found only forward); for the others, the commit after it that touched the file changed it, the
 * earliest of them is the changer. When the bound is spent, the deleting commit if any.
 */
async function firstChanger(
  git: GitRunner,
  commit: { sha: string; position: number },
  at: string,
  path: string,
  hunk: LinkedHunk,
  history: readonly LaterCommit[],
  deletedBy: LaterCommit | undefined,
  alive: ReadonlySet<number>,
  takeBlame: () => boolean,
): Promise<{ changer: LaterCommit | undefined; standing: number }> {
  if (!takeBlame()) return { changer: deletedBy, standing: Math.min(alive.size, hunk.added) };
  const runs = hunk.addedRuns ?? [[hunk.newStart, hunk.newStart + hunk.newLines - 1]];
  const seen = await lastSeen(git, commit.sha, at, path, runs);
  const position = new Map(history.map((c, i) => [c.sha, i]));
  let first: number | undefined;
  const standing = new Set(alive);
  for (const [line, last] of seen) {
    if (last === at || alive.has(line)) {
      standing.add(line);
      continue;
    }
    const i = last === commit.sha ? commit.position : position.get(last);
    if (i === undefined) continue;
    // The line stood in `last`; the next commit that touched its file changed it.
    const next = history.findIndex(
      (c, j) => j > i && c.files.some((f) => f.path === path || f.oldPath === path),
    );
    const died = next === -1 ? i + 1 : next;
    if (first === undefined || died < first) first = died;
  }
  const changer = first === undefined ? deletedBy : (history[first] ?? deletedBy);
  return { changer, standing: Math.min(standing.size, hunk.added) };
}

/** The sessions each commit's linked hunks belong to, per path. */
function linkedSessionsByCommit(changes: readonly FileChange[]): Map<string, Map<string, Set<string>>> {
  const out = new Map<string, Map<string, Set<string>>>();
  for (const change of changes) {
    if (change.origin.kind !== 'commit') continue;
    for (const link of change.agentLinks) {
      const byPath = out.get(change.origin.sha) ?? new Map<string, Set<string>>();
      const sessions = byPath.get(change.path) ?? new Set<string>();
      sessions.add(link.sessionId);
      byPath.set(change.path, sessions);
      out.set(change.origin.sha, byPath);
    }
  }
  return out;
}

function whoChanged(
  changer: LaterCommit,
  session: string,
  path: string,
  since: number,
  linksOf: Map<string, Map<string, Set<string>>>,
  options: SurvivalOptions,
): NonNullable<HunkFate['by']> {
  const touched = changer.files.find((f) => f.path === path || f.oldPath === path)?.path ?? path;
  const linked = [...(linksOf.get(changer.sha)?.get(touched) ?? [])];
  const editors =
    linked.length > 0 ? linked : (options.editorsBetween?.(touched, since, changer.time + 999) ?? []);
  if (editors.includes(session)) return { kind: 'same-session', session_id: session };
  const other = editors[0];
  if (other !== undefined) return { kind: 'other-session', session_id: other };
  return { kind: 'person', name: changer.author };
}

function summarise(at: string, hunks: readonly LinkedHunk[]): SurvivalSummary {
  const summary: SurvivalSummary = { at, added: 0, alive: 0, sessions: {} };
  for (const hunk of hunks) {
    if (!hunk.survival) continue;
    const id = hunk.provenance.link?.sessionId ?? '';
    const own = summary.sessions[id] ?? { added: 0, alive: 0 };
    own.added += hunk.added;
    own.alive += hunk.survival.alive;
    summary.sessions[id] = own;
    summary.added += hunk.added;
    summary.alive += hunk.survival.alive;
  }
  return summary;
}
