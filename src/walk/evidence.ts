import type { FilePatch } from './collect/patch.js';
import type {
  CommandRecord,
  EpisodeReference,
  JobReference,
  SessionReference,
  WalkScope,
} from './document.js';

/** Where a change comes from: a commit of the range, the index, the working tree, or a supplied diff. */
export type ChangeOrigin =
  | { kind: 'commit'; sha: string }
  | { kind: 'staged' }
  | { kind: 'unstaged' }
  | { kind: 'untracked'; sha256: string }
  | { kind: 'supplied' };

/** A coding-agent edit (Edit/Write/MultiEdit tool call) whose written text contains a hunk's added lines. */
export interface AgentLink {
  sessionId: string;
  model?: string;
  timestamp?: string;
  toolUseId: string;
  toolName: string;
  /** The user's request in that session: the last real user text before the edit. */
  request?: string;
  hunkRange: string;
}

/** One changed file from one origin, with the agent edits linked to its hunks. */
export interface FileChange extends FilePatch {
  origin: ChangeOrigin;
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
  /** Facts about the evidence the narrative states (merges, binary files, empty ranges). */
  notes: string[];
  openQuestions: string[];
  /** Said on stderr as well: things the user should know right away. */
  warnings: string[];
  /** The repository and revision a disposable worktree for writing reviewers is made from. */
  workspaceSource?: { root: string; revision: string };
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
    notes: [],
    openQuestions: [],
    warnings: [],
  };
}
