import { ANCHOR_ORIGIN } from '../anchor-origin.js';
import type { RetroAnchor } from '../collect/retro-anchor.js';
import type { ChangeUnit, WalkComment } from '../document.js';
import type { FileChange } from '../evidence.js';
import { redactText } from '../redact.js';
import { codeSpan } from '../render/code-span.js';
import { type CommentContext, type CommentLocation, makeComment } from './comments.js';

export { ANCHOR_ORIGIN } from '../anchor-origin.js';

/** Who raised the anchor: the retro's deep read, a model; its comment is evidence, never a verdict. */
const ANCHOR_AUTHOR = { author_type: 'model' as const, identifier: 'retrospect retro (deep read)' };

/** Longest claim or evidence text carried over (the deep read keeps claims to about 120 characters). */
const MAX_TEXT = 500;

/**
 * Anchor texts are model output and transcript excerpts: one line, no control or format characters,
 * at most 500 code points, secrets and home paths redacted.
 */
function oneLine(text: string, env: NodeJS.ProcessEnv): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const points = Array.from(flat);
  return redactText(points.length > MAX_TEXT ? `${points.slice(0, MAX_TEXT - 1).join('')}…` : flat, env);
}

/** The unit (and hunk) the anchor's session wrote, else the first unit. */
function placeOf(
  anchor: RetroAnchor,
  units: readonly ChangeUnit[],
  changesByUnit: ReadonlyMap<string, FileChange[]>,
): { unitId: string; location?: CommentLocation } | undefined {
  for (const unit of units) {
    for (const change of changesByUnit.get(unit.change_unit_id) ?? []) {
      const link = change.agentLinks.find((l) => l.sessionId === anchor.session_id);
      if (link)
        return { unitId: unit.change_unit_id, location: { file: change.path, hunk_range: link.hunkRange } };
    }
  }
  const first = units[0];
  return first ? { unitId: first.change_unit_id } : undefined;
}

/** The anchor's fields flattened and redacted: the values kept in `metadata`. */
function flatFields(anchor: RetroAnchor, env: NodeJS.ProcessEnv) {
  return {
    sessionId: oneLine(anchor.session_id, env),
    turnId: oneLine(anchor.turn_id, env),
    claim: oneLine(anchor.fabricated_claim_text, env),
    evidence: oneLine(anchor.evidence_for_fabrication, env),
  };
}

/**
 * The fabrication anchor as a `concern` comment on the unit its session wrote: the claim and why it was
 * flagged in the text, and each field in `metadata` under `retrospect.*`. Undefined without units. The
 * text is rendered into the walk's Markdown as is, so every anchor field in it is a code span.
 */
export function anchorComment(
  anchor: RetroAnchor,
  units: readonly ChangeUnit[],
  changesByUnit: ReadonlyMap<string, FileChange[]>,
  context: CommentContext,
): WalkComment | undefined {
  const place = placeOf(anchor, units, changesByUnit);
  if (!place) return undefined;
  const { sessionId, turnId, claim, evidence } = flatFields(anchor, context.env);
  return makeComment(
    {
      type: 'concern',
      text: `Unverified claim in session ${codeSpan(sessionId)} (turn ${codeSpan(turnId)}): ${codeSpan(claim)} — flagged because: ${codeSpan(evidence)}`,
      author: ANCHOR_AUTHOR,
      ...(place.location ? { location: place.location } : {}),
      metadata: {
        'retrospect.origin': ANCHOR_ORIGIN,
        'retrospect.anchor_id': anchor.anchor_id,
        'retrospect.session_id': sessionId,
        'retrospect.turn_id': turnId,
        'retrospect.claim': claim,
        'retrospect.evidence': evidence,
        'retrospect.anchor_created_at': oneLine(anchor.created_at, context.env),
      },
    },
    place.unitId,
    context,
  );
}

/** The open question a fabrication anchor leaves (a Markdown list item as is: the fields are code spans). */
export function anchorQuestion(anchor: RetroAnchor, env: NodeJS.ProcessEnv): string {
  const { sessionId, turnId, claim, evidence } = flatFields(anchor, env);
  return `Session ${codeSpan(sessionId)} claimed ${codeSpan(claim)} (turn ${codeSpan(turnId)}) without evidence (${codeSpan(evidence)}); do the changes below rely on it, and is it true?`;
}
