import type { GateVerdict } from '../gate/index.js';
import { ruleMechanism } from '../trial/evidence/rule-mechanism.js';
import type { RuleMeta } from '../trial/rule-meta.js';
import type { RetroCandidate } from './types.js';

/**
 * The pattern a new or tightened rule came from, to file beside it: the gate signals that fired on the
 * messages the proposal cites (all that fired in the session when none did), the cited messages, the deep
 * read's pattern summary, and the mechanical pattern the rule's words name, if any.
 */
export function ruleEvidence(
  candidate: RetroCandidate,
  ruleText: string,
  verdict: GateVerdict | undefined,
  now: Date,
): Omit<RuleMeta, 'key'> {
  const anchors = candidate.citations.map((c) => c.message_id);
  const fired = verdict?.signals.filter((s) => s.count > 0) ?? [];
  const cited = fired.filter((s) => s.ids.some((id) => anchors.includes(id)));
  return {
    ts: `${now.toISOString().slice(0, 19)}Z`,
    agent: candidate.target,
    rule: ruleText,
    source: `${candidate.sessionId}#${anchors[0] ?? 'na'}`,
    signals: (cited.length > 0 ? cited : fired).map((s) => s.name),
    anchors,
    pattern_summary: candidate.patternSummary,
    mechanism: ruleMechanism(ruleText, candidate.patternSummary) ?? null,
  };
}
