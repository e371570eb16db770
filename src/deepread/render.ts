import { shownMessageId } from '../gate/format.js';
import type { DeepReadResult } from './types.js';

/** The human-readable summary `retrospect deep-read` prints (drop reasons go to the log, not here). */
export function renderDeepReadResult(result: DeepReadResult): string {
  const { usage } = result;
  const lines = [
    `Session ${result.session_id}: ${result.proposals.length} proposal(s), ${result.observations.length} observation(s), ${result.fabrication_anchors.length} fabrication anchor(s) — ${usage.provider}${usage.model ? ` ${usage.model}` : ''}`,
  ];
  result.proposals.forEach((p, i) => {
    lines.push(`${i + 1}. [${p.target}] ${p.proposed_text}`);
    lines.push(`   ${p.pattern_summary} · confidence ${p.confidence} · ${p.citations.length} citation(s)`);
    for (const c of p.citations)
      lines.push(`   - ${shownMessageId(c.message_id)}: ${JSON.stringify(c.excerpt)}`);
  });
  for (const o of result.observations) lines.push(`observation: ${o.description}`);
  for (const a of result.fabrication_anchors) {
    lines.push(
      `fabrication ${a.anchor_id} (turn ${shownMessageId(a.turn_id)}): ${JSON.stringify(a.fabricated_claim_text)} — ${a.evidence_for_fabrication}`,
    );
  }
  if (result.dropped.length > 0) lines.push(`dropped: ${result.dropped.length} item(s) (reasons on stderr)`);
  return lines.join('\n');
}
