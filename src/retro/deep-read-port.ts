import type { FabricationAnchor, Observation, Proposal } from '../deepread/types.js';
import type { GateVerdict } from '../gate/index.js';
import type { RuleTarget } from '../rules/targets.js';
import type { TranscriptMessage } from '../transcript/messages.js';

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
  proposals: Proposal[];
  /** The retro shows an observation's words only; a reader need not cite it. */
  observations: Pick<Observation, 'session_id' | 'description'>[];
  fabrication_anchors: FabricationAnchor[];
  /** Proposals refused by the rule-text checks, listed under manual follow-up. */
  refused?: RetroRefusedProposal[];
}

export interface DeepReadRequest {
  /** The session's id as the retro names it throughout (answers are looked up by it). */
  sessionId?: string | undefined;
  /** The gate's anchor message ids (the union of all signal ids). */
  anchors: string[];
  /**
   * The verdict the retro gated the session with (its threshold and profile). Required: a reader given
   * it never gates the session again, so one retro gates each session once, with the retro's threshold.
   */
  verdict: GateVerdict;
  /** Write fabrication anchors (false in a dry run, or when they belong to no project we may write). */
  persist: boolean;
  /** The main checkout whose anchors folder receives them: the project the session worked in. */
  anchorsRoot?: string | undefined;
  signal?: AbortSignal | undefined;
  /**
   * The session's messages as the retro read them, once for the whole run: a reader goes over these
   * instead of reading the file again. Undefined for a transcript too large to hold (the reader streams it).
   */
  messages?: readonly TranscriptMessage[] | undefined;
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
