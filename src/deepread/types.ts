import type { RuleTarget } from '../rules/targets.js';

/** A message id of the transcript and a verbatim quote from that message. */
export interface Citation {
  message_id: string;
  excerpt: string;
}

/** A validated behaviour-rule proposal (the fields of docs/design/session-retro.md §4, plus the session it came from). */
export interface Proposal {
  session_id: string;
  target: RuleTarget;
  proposed_text: string;
  confidence: number;
  citations: Citation[];
  pattern_summary: string;
}

/** A finding with no rule to propose (flaky API, out-of-scope agent, injection attempt...). */
export interface Observation {
  session_id: string;
  description: string;
  citations: Citation[];
  /** The model's own label, when it gave one (`injection_attempt`). */
  type?: string;
}

/** A validated fabrication anchor; `anchor_id` is always computed by us. */
export interface FabricationAnchor {
  anchor_id: string;
  session_id: string;
  turn_id: string;
  fabricated_claim_text: string;
  evidence_for_fabrication: string;
}

/** Something the validation removed, and why (logged, and listed under `dropped` in `--json`). */
export interface DroppedItem {
  kind: 'answer' | 'proposal' | 'observation' | 'citation' | 'fabrication_anchor';
  reason: string;
  /** A short description of the item (its text or id), for the log. */
  item: string;
  /**
   * A proposal refused for what its text is (a command, a link, hidden characters): its target and the
   * whole text, for a person to follow up. The text is untrusted data, never to be applied or rendered raw.
   */
  refused?: { target: RuleTarget; text: string };
}

/** What a deep read of one session cost. */
export interface DeepReadUsage {
  provider: string;
  model: string;
  requests: number;
  input_tokens: number;
  output_tokens: number;
  /** Estimated tokens of transcript windows in the prompt. */
  window_tokens: number;
  prompt_chars: number;
  duration_ms: number;
}

/** The result of `deepRead`, and exactly what `retrospect deep-read --json` prints. */
export interface DeepReadResult {
  session_id: string;
  proposals: Proposal[];
  observations: Observation[];
  fabrication_anchors: FabricationAnchor[];
  dropped: DroppedItem[];
  usage: DeepReadUsage;
}
