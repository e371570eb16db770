import { relative, resolve, sep } from 'node:path';
import { pushAll } from '../../arrays/bounded.js';
import { InputError } from '../../errors/errors.js';
import { readRegularText } from '../../fsx/read-regular.js';
import { findGitRoots, type GitRoots } from '../../git/roots.js';
import type { SessionEdits } from '../../transcript/session-edits.js';
import { type Evidence, emptyEvidence } from '../evidence.js';
import { loadAgentEdits, readSessionFile } from '../link/agent-edits.js';
import { createHunkLinker, type HunkLinker } from '../link/link.js';
import {
  defaultOtherAgentSessions,
  defaultSessionDirs,
  listSessionFiles,
  resolveSessionSources,
} from '../link/session-sources.js';
import { collectCommitRange } from './commits.js';
import { GitRunner } from './git-run.js';
import { collectSuppliedDiff, readEpisodeFile, resolveJobReference } from './refs.js';
import type { ResolvedScope } from './scope.js';
import { collectSessionCommits } from './session-commits.js';
import { collectDiff, collectWorktree } from './worktree.js';

/** What evidence gathering needs from the caller. */
export interface EvidenceOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Retrospect's data folder (`StoreSettings.dataDir`): where a job id's record is looked up. */
  dataDir: string;
  /** Reads the diff for the target `-`. */
  readStdin?: () => Promise<string>;
  /**
   * Coding-agent sessions to link hunks to: session files, folders of them, or a projects root (where
   * this repository's folders are found by name). Default: Claude Code's project folders for the repository
   * and the other agents' sessions that ran in it.
   */
  sessions?: string[];
  /** The former name of `sessions`. */
  sessionDirs?: string[];
}

function requireRepo(dir: string): GitRoots {
  const roots = findGitRoots(dir);
  if (!roots) {
    throw new InputError(`${dir} is not inside a git repository; walk a diff file instead`, {
      code: 'E_WALK_NOT_IN_GIT',
      fields: { dir },
    });
  }
  return roots;
}

async function linkerFor(
  options: EvidenceOptions,
  roots: GitRoots | undefined,
  evidence: Evidence,
  known?: ReadonlyMap<string, SessionEdits>,
): Promise<HunkLinker> {
  const given = options.sessions ?? options.sessionDirs;
  let files: string[];
  if (given === undefined)
    files = [
      ...defaultSessionDirs(options.env, roots).flatMap(listSessionFiles),
      ...defaultOtherAgentSessions(options.env, roots),
    ];
  else {
    const sources = resolveSessionSources(given, options.cwd, roots);
    files = sources.files;
    evidence.notes.push(...sources.notes);
    evidence.warnings.push(...sources.warnings.map((w) => `${w}; agent provenance is not linked`));
  }
  const { edits, claims, sessionFiles } = loadAgentEdits(files, known);
  if (sessionFiles > 0) {
    const plural = sessionFiles === 1 ? '' : 's';
    evidence.notes.push(
      `Read ${sessionFiles} coding-agent session file${plural} (${edits.length} edit calls).`,
    );
  }
  return createHunkLinker(edits, claims);
}

/** A job id: its record, and the question a record without a change set leaves. */
async function collectJob(resolved: ResolvedScope, evidence: Evidence, dataDir: string): Promise<void> {
  const job = await resolveJobReference(resolved.target, dataDir);
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
}

/** An episode file: its jobs and receipts, and the commit range it names, walked. */
async function collectEpisode(
  resolved: ResolvedScope,
  options: EvidenceOptions,
  evidence: Evidence,
): Promise<void> {
  const read = readEpisodeFile(resolve(options.cwd, resolved.target));
  if (!read.ok) {
    evidence.episodes.push({ ref: resolved.target, status: 'unresolved', reason: read.reason });
    evidence.warnings.push(`episode ${resolved.target} is unresolved: ${read.reason}`);
    return;
  }
  const { episode } = read;
  evidence.episodes.push({
    ref: episode.episode,
    status: 'resolved',
    ...(episode.commit_range ? { linked_range: episode.commit_range } : {}),
  });
  for (const id of episode.jobs ?? []) evidence.jobs.push(await resolveJobReference(id, options.dataDir));
  pushAll(evidence.receipts, episode.receipts ?? []);
  if (episode.commit_range) {
    const roots = requireRepo(options.cwd);
    const git = new GitRunner(roots.worktree, options.env);
    await collectCommitRange(git, episode.commit_range, await linkerFor(options, roots, evidence), evidence);
    pushAll(evidence.commands, git.records);
  }
}

/** A session's commits (a walk of a session, or of a retro anchor's session). */
async function collectSession(
  resolved: ResolvedScope,
  transcript: string,
  options: EvidenceOptions,
  evidence: Evidence,
): Promise<void> {
  const roots = requireRepo(options.cwd);
  const git = new GitRunner(roots.worktree, options.env);
  const own = readSessionFile(transcript);
  const linker = await linkerFor(options, roots, evidence, new Map([[transcript, own]]));
  evidence.sessionEditors = linker.editorsBetween;
  const commits = await collectSessionCommits(git, transcript, own, linker, evidence, resolved.anchor);
  evidence.workspaceSource = { root: roots.worktree, revision: commits.at(-1) ?? 'HEAD' };
  pushAll(evidence.commands, git.records);
}

/** A diff given as a file or on stdin. */
async function collectGivenDiff(
  resolved: ResolvedScope,
  options: EvidenceOptions,
  evidence: Evidence,
): Promise<void> {
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
}

/** A commit range, the working tree's diff (unstaged, then staged), or a path of the working tree. */
async function collectRepository(
  resolved: ResolvedScope,
  options: EvidenceOptions,
  evidence: Evidence,
): Promise<void> {
  const roots = requireRepo(resolved.path ?? options.cwd);
  const git = new GitRunner(roots.worktree, options.env);
  const linker = await linkerFor(options, roots, evidence);
  evidence.sessionEditors = linker.editorsBetween;
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
    // `:(literal)` so that a folder named like a glob (`src/[id]`) means itself.
    await collectWorktree(git, roots.worktree, rel === '' ? [] : [`:(literal)${rel}`], linker, evidence);
    evidence.workspaceSource = { root: roots.worktree, revision: 'HEAD' };
  }
  pushAll(evidence.commands, git.records);
}

/**
 * Resolves a scope into immutable evidence before any analysis: the recorded git commands and their
 * outputs' digests, commits, file changes with their agent links, job and episode references.
 */
export async function collectEvidence(resolved: ResolvedScope, options: EvidenceOptions): Promise<Evidence> {
  const evidence = emptyEvidence(resolved.scope, resolved.target);
  if (resolved.scope === 'job-id') await collectJob(resolved, evidence, options.dataDir);
  else if (resolved.scope === 'episode-ref') await collectEpisode(resolved, options, evidence);
  else if (resolved.sessionTranscript !== undefined)
    await collectSession(resolved, resolved.sessionTranscript, options, evidence);
  else if (resolved.scope === 'diff' && resolved.target !== '')
    await collectGivenDiff(resolved, options, evidence);
  else await collectRepository(resolved, options, evidence);
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
    return readRegularText(path);
  } catch (error) {
    throw new InputError(`cannot read the diff file ${path}: ${(error as Error).message}`);
  }
}
