import type { GateVerdict } from '../gate/index.js';
import type { RuleTarget } from '../rules/targets.js';

/** A cited message: its id in the transcript and a verbatim excerpt of it. */
export interface RetroCitation {
  message_id: string;
  excerpt: string;
}

/** A validated rule proposal of the deep read (the subagent's JSON shape and its session). */
export interface RetroProposal {
  session_id: string;
  target: RuleTarget;
  proposed_text: string;
  confidence: number;
  citations: RetroCitation[];
  pattern_summary: string;
}

export interface RetroObservation {
  session_id: string;
  description: string;
}

export interface RetroFabricationAnchor {
  anchor_id: string;
  session_id: string;
  turn_id: string;
  fabricated_claim_text: string;
  evidence_for_fabrication: string;
}

/** A proposal the deep read refused for what its text is (a command, a link): applied nowhere. */
export interface RetroRefusedProposal {
  session_id: string;
  target: RuleTarget;
  /** The whole text as the model wrote it: untrusted data, for a person to look at. */
  text: string;
  reason: string;
}

/** What the deep read of one flagged session gives the retro (validated, citations checked). */
export interface DeepReadOutcome {
  session_id: string;
  proposals: RetroProposal[];
  observations: RetroObservation[];
  fabrication_anchors: RetroFabricationAnchor[];
  /** Proposals refused by the rule-text checks, listed under manual follow-up. */
  refused?: RetroRefusedProposal[];
}

export interface DeepReadRequest {
  /** The session's id as the retro names it throughout (answers are looked up by it). */
  sessionId?: string | undefined;
  /** The gate's anchor message ids (the union of all signal ids). */
  anchors: string[];
  /** The verdict the retro gated the session with (its threshold and profile), so it is gated once. */
  verdict?: GateVerdict | undefined;
  /** Write fabrication anchors (false in a dry run, or when they belong to no project we may write). */
  persist: boolean;
  /** The main checkout whose anchors folder receives them: the project the session worked in. */
  anchorsRoot?: string | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Reads one flagged session deeply (phase 2). The retro only needs this call; which model answers, how
 * the answer is validated and what gets logged is the deep read's business.
 */
export type DeepReader = (sessionPath: string, request: DeepReadRequest) => Promise<DeepReadOutcome>;

const FATAL = Symbol('retrospect.deepReadFatal');

/**
 * Marks a deep read failure that no other session would escape either (a bad API key, a missing provider
 * setting): the retro stops and says so, instead of logging the same failure for every session.
 */
export function fatalDeepReadError(error: Error): Error {
  Object.defineProperty(error, FATAL, { value: true });
  return error;
}

export function isFatalDeepReadError(error: unknown): boolean {
  return error instanceof Error && (error as Error & { [FATAL]?: boolean })[FATAL] === true;
}
