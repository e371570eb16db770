import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { InputError } from '../cli/errors.js';
import { findGitRoots, type GitRoots } from '../git/roots.js';
import { ulid as defaultUlid } from '../ids/ulid.js';
import { claudeConfigDirs, projectFolderName } from '../paths/data-dir.js';
import { collectCommitRange } from './collect-commits.js';
import { collectSuppliedDiff, readEpisodeFile, resolveJobReference } from './collect-refs.js';
import { collectDiff, collectWorktree } from './collect-worktree.js';
import { type CommentDraft, makeComment } from './comments.js';
import {
  type ChangeUnit,
  type SessionReference,
  WALK_SCHEMA_VERSION,
  type WalkComment,
  type WalkDocument,
  type WalkMode,
  type WalkScope,
  walkDocumentSchema,
} from './document.js';
import { type Evidence, emptyEvidence, type FileChange } from './evidence.js';
import { GitRunner } from './git-run.js';
import { type CommentPrompter, captureGuidedComments } from './guided.js';
import { withDisposableWorktree } from './isolation.js';
import { createHunkLinker, type HunkLinker } from './link.js';
import { narrateUnit, narrateWhole } from './narrate.js';
import { redactText } from './redact.js';
import { renderUnit } from './render.js';
import { heuristicReviewer, type UnitReviewer } from './review.js';
import { type ResolvedScope, resolveScope } from './scope.js';
import { loadAgentEdits } from './sessions.js';
import { groupChangeUnits } from './units.js';

export interface WalkOptions {
  /** `A..B`, a path, `-`, a job id or an episode reference; empty for the working tree. */
  target?: string;
  scope?: WalkScope;
  mode: WalkMode;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Reads the diff for the target `-`. */
  readStdin?: () => Promise<string>;
  /** Folders of coding-agent sessions; default: Claude Code's project folders for this repository. */
  sessionDirs?: string[];
  /** Capture comments (default true); false walks without asking and without model comments. */
  captureComments?: boolean;
  /** Guided mode: where units are shown and comments asked for. */
  prompter?: CommentPrompter;
  /** Agent-driven mode: who comments (default: the built-in heuristic reviewer). */
  reviewer?: UnitReviewer;
  /** The reviewer's name on guided comments (default: git's user.name, else "reviewer"). */
  reviewerName?: string;
  now?: () => Date;
  ulid?: () => string;
}

export interface WalkResult {
  document: WalkDocument;
  /** Things to tell the user on stderr (empty ranges, unresolved references). */
  warnings: string[];
}

const RECEIPT_REASON =
  'no receipt-capable validation run is linked to this walk; Retrospect emits the retrospective and its evidence without minting receipts';

function requireRepo(dir: string): GitRoots {
  const roots = findGitRoots(dir);
  if (!roots) {
    throw new InputError(
      `${dir} is not inside a git repository; walk a diff file instead (retrospect walk --scope diff FILE)`,
    );
  }
  return roots;
}

/** Claude Code's project folders for this repository: the worktree's and the main checkout's. */
export function defaultSessionDirs(env: NodeJS.ProcessEnv, roots: GitRoots | undefined): string[] {
  if (!roots) return [];
  const tops = [...new Set([roots.worktree, roots.mainCheckout])];
  return claudeConfigDirs(env).flatMap((config) =>
    tops.map((top) => join(config, 'projects', projectFolderName(top))),
  );
}

async function linkerFor(
  options: WalkOptions,
  roots: GitRoots | undefined,
  evidence: Evidence,
): Promise<HunkLinker> {
  const dirs = options.sessionDirs ?? defaultSessionDirs(options.env, roots);
  const { edits, sessionFiles } = await loadAgentEdits(dirs);
  if (sessionFiles > 0) {
    const plural = sessionFiles === 1 ? '' : 's';
    evidence.notes.push(
      `Read ${sessionFiles} coding-agent session file${plural} (${edits.length} edit calls).`,
    );
  } else if (options.sessionDirs && options.sessionDirs.length > 0) {
    evidence.warnings.push(
      `no session files (*.jsonl) in ${options.sessionDirs.join(', ')}; agent provenance is not linked`,
    );
  }
  return createHunkLinker(edits);
}

async function collectEvidence(resolved: ResolvedScope, options: WalkOptions): Promise<Evidence> {
  const evidence = emptyEvidence(resolved.scope, resolved.target);
  const { env } = options;
  if (resolved.scope === 'job-id') {
    const job = await resolveJobReference(resolved.target, env);
    evidence.jobs.push(job);
    if (job.status === 'unresolved') {
      evidence.warnings.push(`job ${job.id} is unresolved: ${job.reason ?? ''}`);
      evidence.openQuestions.push(
        `Which change set did job ${job.id} work on? Walk it with a commit range or a diff.`,
      );
    } else
      evidence.openQuestions.push(
        `Job records carry no change set; which diff or range did job ${job.id} produce?`,
      );
    return evidence;
  }
  if (resolved.scope === 'episode-ref') {
    const read = readEpisodeFile(resolve(options.cwd, resolved.target));
    if (!read.ok) {
      evidence.episodes.push({ ref: resolved.target, status: 'unresolved', reason: read.reason });
      evidence.warnings.push(`episode ${resolved.target} is unresolved: ${read.reason}`);
      return evidence;
    }
    const { episode } = read;
    evidence.episodes.push({
      ref: episode.episode,
      status: 'resolved',
      ...(episode.commit_range ? { linked_range: episode.commit_range } : {}),
    });
    for (const id of episode.jobs ?? []) evidence.jobs.push(await resolveJobReference(id, env));
    evidence.receipts.push(...(episode.receipts ?? []));
    if (episode.commit_range) {
      const roots = requireRepo(options.cwd);
      const git = new GitRunner(roots.worktree, env);
      await collectCommitRange(
        git,
        episode.commit_range,
        await linkerFor(options, roots, evidence),
        evidence,
      );
      evidence.commands.push(...git.records);
    }
    return evidence;
  }
  if (resolved.scope === 'diff' && resolved.target !== '') {
    const text =
      resolved.target === '-'
        ? await (options.readStdin?.() ?? Promise.resolve(''))
        : readDiffFile(resolved.path ?? '');
    const roots = findGitRoots(options.cwd);
    collectSuppliedDiff(
      text,
      resolved.target === '-' ? 'stdin' : resolved.target,
      await linkerFor(options, roots, evidence),
      evidence,
    );
    return evidence;
  }
  const roots = requireRepo(resolved.path ?? options.cwd);
  const git = new GitRunner(roots.worktree, env);
  const linker = await linkerFor(options, roots, evidence);
  if (resolved.scope === 'commit-range') {
    const range = resolved.range ?? resolved.target;
    await collectCommitRange(git, range, linker, evidence);
    evidence.workspaceSource = { root: roots.worktree, revision: rangeEnd(range) };
  } else if (resolved.scope === 'diff') {
    await collectDiff(git, ['--'], { kind: 'unstaged' }, linker, evidence);
    await collectDiff(git, ['--cached', '--'], { kind: 'staged' }, linker, evidence);
  } else {
    const rel = relative(roots.worktree, resolved.path ?? roots.worktree)
      .split(sep)
      .join('/');
    await collectWorktree(git, roots.worktree, rel === '' ? [] : [rel], linker, evidence);
    evidence.workspaceSource = { root: roots.worktree, revision: 'HEAD' };
  }
  evidence.commands.push(...git.records);
  return evidence;
}

/** The commit a range ends at: `B` of `A..B`/`A...B` (HEAD when empty), `X` of `X^!`. */
function rangeEnd(range: string): string {
  if (range.endsWith('^!')) return range.slice(0, -2);
  const end = range.split(/\.\.\.?/).pop() ?? '';
  return end === '' ? 'HEAD' : end;
}

function readDiffFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read the diff file ${path}: ${(error as Error).message}`);
  }
}

function sessionSummary(evidence: Evidence): SessionReference[] {
  const sessions = new Map<string, SessionReference>();
  for (const link of evidence.changes.flatMap((c) => c.agentLinks)) {
    const entry = sessions.get(link.sessionId) ?? { session_id: link.sessionId, models: [], linked_hunks: 0 };
    entry.linked_hunks++;
    if (link.model && !entry.models.includes(link.model)) entry.models.push(link.model);
    sessions.set(link.sessionId, entry);
  }
  return [...sessions.values()].sort((a, b) => a.session_id.localeCompare(b.session_id));
}

/**
 * Walks a change set: resolves the target into evidence (recorded git commands, commits, patches, agent
 * sessions), groups it into change units, narrates what/why/who, captures comments by mode, and returns
 * the `retrospective-walk.v0.1.0` document. Never changes the repository it reads.
 */
export async function walkChangeSet(options: WalkOptions): Promise<WalkResult> {
  const now = options.now ?? (() => new Date());
  const nextUlid = options.ulid ?? defaultUlid;
  const resolved = resolveScope(options.target, options.scope, options.cwd);
  const evidence = await collectEvidence(resolved, options);
  evidence.sessions = sessionSummary(evidence);
  const redact = (text: string) => redactText(text, options.env);
  const questions = [...evidence.openQuestions];
  const drafts = groupChangeUnits(evidence.changes, evidence.commits);
  const units: ChangeUnit[] = drafts.map((draft) => {
    const { unit, questions: own } = narrateUnit(draft);
    questions.push(...own);
    return { ...unit, title: redact(unit.title), why: redact(unit.why), comments: [] };
  });
  const retrospectiveId = `retro_${nextUlid()}`;
  const changesByUnit = new Map(drafts.map((d) => [d.id, d.changes]));
  const comments = await captureComments(
    options,
    units,
    changesByUnit,
    evidence,
    retrospectiveId,
    now,
    nextUlid,
  );
  for (const unit of units) unit.comments = comments.filter((c) => c.change_unit_id === unit.change_unit_id);
  const document: WalkDocument = {
    retrospective_id: retrospectiveId,
    schema_version: WALK_SCHEMA_VERSION,
    scope: evidence.scope,
    target: redact(evidence.target),
    mode: options.mode,
    created_at: now().toISOString(),
    provenance_context: {
      commands: evidence.commands.map((c) => ({ ...c, command: redact(c.command) })),
      commits: evidence.commits.map((c) => ({
        sha: c.sha,
        parents: c.parents,
        author: `${c.authorName} <${c.authorEmail}>`,
        author_date: c.authorDate,
        committer: `${c.committerName} <${c.committerEmail}>`,
        committer_date: c.committerDate,
        subject: redact(c.subject),
        body: redact(c.body),
      })),
      jobs: evidence.jobs.map((j) =>
        j.record ? { ...j, record: { ...j.record, command: redact(j.record.command) } } : j,
      ),
      receipts: evidence.receipts,
      episodes: evidence.episodes,
      sessions: evidence.sessions,
    },
    change_units: units,
    comments,
    narrative: redact(narrateWhole(evidence, units, questions.length)),
    open_questions: questions.map(redact),
    validation_receipt: {
      status: 'unavailable',
      reason:
        evidence.receipts.length > 0
          ? `receipts ${evidence.receipts.join(', ')} were supplied but no validation surface is available to confirm them; they are listed as claims in linked_receipts`
          : RECEIPT_REASON,
    },
  };
  return { document: walkDocumentSchema.parse(document), warnings: evidence.warnings };
}

async function captureComments(
  options: WalkOptions,
  units: ChangeUnit[],
  changesByUnit: Map<string, FileChange[]>,
  evidence: Evidence,
  retrospectiveId: string,
  now: () => Date,
  nextUlid: () => string,
): Promise<WalkComment[]> {
  if (options.captureComments === false || options.mode === 'summary-only') return [];
  const context = { retrospectiveId, now, ulid: nextUlid, env: options.env };
  if (options.mode === 'guided') {
    if (!options.prompter)
      throw new InputError('guided mode needs a terminal (or an input stream) to ask for comments');
    const author = { author_type: 'human' as const, identifier: options.reviewerName ?? 'reviewer' };
    const make = (draft: Omit<CommentDraft, 'author'>, unitId: string) =>
      makeComment({ ...draft, author }, unitId, context);
    return (await captureGuidedComments(units, options.prompter, renderUnit, make)).comments;
  }
  const reviewer = options.reviewer ?? heuristicReviewer;
  const author = {
    author_type: 'model' as const,
    identifier: reviewer.identifier,
    model_key: reviewer.modelKey,
  };
  const reviewAll = async (workspace?: string) => {
    const comments: WalkComment[] = [];
    for (const unit of units) {
      for (const proposed of await reviewer.review(
        unit,
        changesByUnit.get(unit.change_unit_id) ?? [],
        workspace,
      )) {
        const metadata = { 'retrospect.origin': 'agent-driven' };
        comments.push(makeComment({ ...proposed, author, metadata }, unit.change_unit_id, context));
      }
    }
    return comments;
  };
  const source = evidence.workspaceSource;
  if (!reviewer.mayWrite || units.length === 0) return reviewAll();
  if (!source) {
    throw new InputError(
      `the reviewer ${reviewer.identifier} may write files and needs a git repository to isolate it in`,
    );
  }
  const changes = [...changesByUnit.values()].flat();
  return withDisposableWorktree(new GitRunner(source.root, options.env), source.revision, changes, reviewAll);
}
