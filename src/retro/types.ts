import type { Citation, FabricationAnchor } from '../deepread/types.js';
import type { GateVerdict } from '../gate/index.js';
import type { IdentifiedSource } from '../transcript/source.js';
import type { SkipReason } from './candidates.js';
import type { CitationInContext } from './citation-context.js';
import type { ClassifiableProposal } from './classify.js';

/** A proposal that survived validation, ranking and the pattern filter, ready to classify. */
export interface RetroCandidate extends ClassifiableProposal {
  sessionId: string;
  confidence: number;
  citations: Citation[];
}

/** Session counts of one run, as a scheduled report prints them. */
export interface RetroCounts {
  /** Sessions gated: considered after the in-progress and loop-prevention filters, and gated in time. */
  scanned: number;
  /** Sessions left out by those filters or abandoned at the gating cap. */
  skipped: number;
  /** Sessions that passed the friction gate. */
  gated: number;
  /** Sessions whose deep read answered (zero proposals included). */
  deepRead: number;
}

/** One change to the project's rules: `- target=<t> action=<a>: <summary>` in a report. */
export interface AppliedChange {
  target: string;
  action: 'NEW' | 'TIGHTEN' | 'KEEP' | 'REVERT' | 'INCONCLUSIVE' | 'GUARD';
  summary: string;
  /** For NEW rules (directives and lessons): true, they start as trials. */
  trial?: boolean;
  /** The file written (or that would be, in a dry run). */
  path?: string;
  /** For a rule from a deep read: the session it came from and the messages it cites, each in context. */
  session_id?: string;
  citations?: CitationInContext[];
}

export interface GatedSession {
  session: IdentifiedSource;
  verdict: GateVerdict;
}

export interface FabricationFinding extends FabricationAnchor {
  session_id: string;
  source_jsonl_path: string;
  /** Another project's main checkout, whose `.claude/retro/anchors/` holds the record (absent: this project's). */
  saved_in?: string;
  /** Why the record was saved in no project: the session worked in another one that this run may not write. */
  kept_out?: string | undefined;
}

/** A pattern `--all` held back because only one session proposed it (one rough session is an anecdote). */
export interface HeldBackPattern {
  pattern_summary: string;
  session_id: string;
  /** Each proposal of the pattern, as `<target> "<rule>"`. */
  proposals: string[];
}

/** Everything one retro run did and found. Text fields are short findings, never transcript bodies. */
export interface RetroOutcome {
  dryRun: boolean;
  /** The main checkout whose rules the run reads and writes (paths below are shown relative to it). */
  project?: string;
  counts: RetroCounts;
  /** Where sessions were looked for: this project's folder under each projects root, or the roots. */
  lookedIn: string[];
  skipped: { session: IdentifiedSource; reason: SkipReason }[];
  /** The gating cap in force (ms per session; `null` when there was none). */
  gateCapMs: number | null;
  gated: GatedSession[];
  applied: AppliedChange[];
  rejected: number;
  duplicates: string[];
  manualFollowUps: string[];
  observations: string[];
  fabricationAnchors: FabricationFinding[];
  /** One line per proposal left out before confirmation (validation, ranking, tightened elsewhere). */
  dropped: string[];
  /** `--all`: the patterns seen in one session only, left out (the run says how many; `--why` lists them). */
  heldBack: HeldBackPattern[];
  /** Trial review lines for trials that are not decided yet. */
  deferred: string[];
  /** Flagged sessions not read because `--answers` holds no answer for them, and the file that would. */
  unread: { session_id: string; answer_path: string }[];
  /**
   * Proposals nobody decided on (the input ended, or the person skipped the rest): each as the file it
   * would go to and its text, so the run can say how to apply them.
   */
  skippedProposals: { target: string; path?: string | undefined; text: string; session_id: string }[];
  /** With `alsoClaudeMd`: whether the managed lessons section of CLAUDE.md changed. */
  claudeMd?: 'updated' | 'unchanged';
  /** With `alsoAgentsMd` / `alsoGeminiMd`: whether those files' managed lessons sections changed. */
  agentFiles?: { file: string; state: 'updated' | 'unchanged' }[];
}
