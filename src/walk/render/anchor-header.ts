import { ANCHOR_ORIGIN } from '../anchor-origin.js';
import type { WalkDocument } from '../document.js';
import { codeSpan } from './code-span.js';

/**
 * The lines that open a walk's Markdown when it follows up a fabrication anchor (none otherwise). The
 * document may be a stored one, so each value from it is a code span here, whatever it holds.
 */
export function renderAnchorHeader(doc: WalkDocument): string[] {
  const comment = doc.comments.find((c) => c.metadata['retrospect.origin'] === ANCHOR_ORIGIN);
  if (!comment) return [];
  const field = (key: string) => codeSpan(String(comment.metadata[`retrospect.${key}`] ?? ''));
  const where = comment.location?.file
    ? ` — on ${comment.change_unit_id}, ${codeSpan(comment.location.file)}`
    : '';
  return [
    `Fabrication anchor: ${field('anchor_id')} (session ${field('session_id')}, turn ${field('turn_id')})${where}`,
    `Claim: ${field('claim')}`,
    `Flagged because: ${field('evidence')}`,
    '',
  ];
}
