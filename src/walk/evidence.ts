import type { FilePatch, HunkSummary } from './collect/patch.js';
import type {
  CommandRecord,
  EpisodeReference,
  HunkFate,
  JobReference,
  SessionReference,
  WalkScope,
} from './document.js';
import type { HunkProvenance } from './link/link.js';

/** Where a change comes from: a commit of the range, the index, the working tree, or a supplied diff. */
export type ChangeOrigin =
  | { kind: 'commit'; sha: string }
  | { kind: 'staged' }
  | { kind: 'unstaged' }
  | { kind: 'untracked'; sha256: string }
  | { kind: 'supplied' };

/** The session a hunk links to, through the edit that introduced most of its lines. */
export interface AgentLink {
  sessionId: string;
  /** The share of the hunk's meaningful added lines the session's edits introduced (0.5 to 1). */
  share: number;
  model?: string;
  timestamp?: string;
  toolUseId: string;
  toolName: string;
  /** `command`: the tool call is a shell command the session ran that wrote the file (a generator, a formatter). */
  via?: 'command';
  /** The request the edit answered: the prompt before it, or the last substantive one before that. */
  request?: string;
  /** The request was reasoned from earlier prompts (the prompt before the edit only said to go on). */
  requestInferred?: boolean;
  hunkRange: string;
}

/** A hunk with who wrote it, as far as the sessions tell. */
export interface LinkedHunk extends HunkSummary {
  provenance: HunkProvenance;
  /** What became of a linked hunk's lines at the survival revision, with how many are still alive. */
  survival?: { fate: HunkFate; alive: number };
}

/** One changed file from one origin, with every hunk's provenance. */
export interface FileChange extends Omit<FilePatch, 'hunks'> {
  hunks: LinkedHunk[];
  origin: ChangeOrigin;
  /** The links of the hunks that have one, in hunk order. */
  agentLinks: AgentLink[];
  /** Identifiers the added lines use (working tree and supplied diffs, where no commit groups files). */
  identifiers?: Set<string>;
}

export interface CommitInfo {
  sha: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  authorDate: string;
  committerName: string;
  committerEmail: string;
  committerDate: string;
  subject: string;
  body: string;
}

/** A pull or merge request a merge commit of the range merged, and the commits it brought in. */
export interface PullRequestInfo {
  merge: string;
  number?: string;
  title: string;
  commits: string[];
}

/** Immutable evidence a walk is built from, gathered before any analysis. */
export interface Evidence {
  scope: WalkScope;
  target: string;
  commands: CommandRecord[];
  commits: CommitInfo[];
  changes: FileChange[];
  jobs: JobReference[];
  episodes: EpisodeReference[];
  receipts: string[];
  sessions: SessionReference[];
  /** Pull and merge requests the range's merge commits merged. */
  pullRequests: PullRequestInfo[];
  /** The range's net change as `git diff --stat` counts it (later commits may rework earlier lines). */
  net?: { added: number; deleted: number };
  /** Facts about the evidence the narrative states (merges, binary files, empty ranges). */
  notes: string[];
  openQuestions: string[];
  /** Said on stderr as well: things the user should know right away. */
  warnings: string[];
  /** The repository and revision a disposable worktree for writing reviewers is made from. */
  workspaceSource?: { root: string; revision: string };
  /** The sessions whose edits of a path lie in `(from, to]` (ms): who changed a line later (survival). */
  sessionEditors?: (path: string, from: number, to: number) => string[];
}

export function emptyEvidence(scope: WalkScope, target: string): Evidence {
  return {
    scope,
    target,
    commands: [],
    commits: [],
    changes: [],
    jobs: [],
    episodes: [],
    receipts: [],
    sessions: [],
    pullRequests: [],
    notes: [],
    openQuestions: [],
    warnings: [],
  };
}

/** A parsed file of a diff as a change of `origin`, each hunk with its provenance (in hunk order). */
export function fileChange(
  file: FilePatch,
  origin: ChangeOrigin,
  provenance: readonly HunkProvenance[],
  identifiers?: Set<string>,
): FileChange {
  const hunks = file.hunks.map((hunk, i) => ({ ...hunk, provenance: provenance[i] ?? {} }));
  return {
    ...file,
    hunks,
    origin,
    agentLinks: hunks.flatMap((hunk) => (hunk.provenance.link ? [hunk.provenance.link] : [])),
    ...(identifiers ? { identifiers } : {}),
  };
}
