import { type FabricationCandidate, fabricationAnchorId } from './fabrication.js';
import { answerFromFindings, type Finding } from './heuristic/index.js';
import type { TranscriptWindow } from './windows.js';

/** What the offline provider reads instead of a prompt. */
export interface DeepReadEvidence {
  sessionId: string;
  /** The anchor windows a model is shown (the offline reader reads the whole session instead). */
  windows: TranscriptWindow[];
  candidates: FabricationCandidate[];
  /** What the offline reader recognised in the whole transcript (heuristic/). */
  findings: Finding[];
  /** Raw text of the existing rules for `claude` (a rule already there is not proposed again). */
  existingClaudeRules: string;
}

/**
 * The offline deep read: a rule only where the person said what they want, built from their words and
 * citing their turn (heuristic/stated-wants.ts); the failure patterns recognised in the transcript as
 * observations; the fabrication pre-pass's candidates as anchors. It says nothing when the session shows
 * nothing it recognises. Its answer is validated and checked against the transcript like a model's.
 */
export function analyzeEvidence(evidence: DeepReadEvidence): unknown {
  const { proposals, observations } = answerFromFindings(evidence.findings, evidence.existingClaudeRules);
  const fabrication_anchors = evidence.candidates.map((c) => ({
    anchor_id: fabricationAnchorId(evidence.sessionId, c.turn_id, c.fabricated_claim_text),
    ...c,
  }));
  return { proposals, observations, fabrication_anchors };
}
