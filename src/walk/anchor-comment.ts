import { type CommentContext, type CommentLocation, makeComment } from './comments.js';
import type { ChangeUnit, WalkComment, WalkDocument } from './document.js';
import type { FileChange } from './evidence.js';
import { redactText } from './redact.js';
import type { RetroAnchor } from './retro-anchor.js';

/** `metadata["retrospect.origin"]` of the comment that carries a retro's fabrication anchor. */
export const ANCHOR_ORIGIN = 'retro-fabrication-anchor';

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

/**
 * The fabrication anchor as a `concern` comment on the unit its session wrote: the claim and why it was
 * flagged in the text, and each field in `metadata` under `retrospect.*`. Undefined without units.
 */
export function anchorComment(
  anchor: RetroAnchor,
  units: readonly ChangeUnit[],
  changesByUnit: ReadonlyMap<string, FileChange[]>,
  context: CommentContext,
): WalkComment | undefined {
  const place = placeOf(anchor, units, changesByUnit);
  if (!place) return undefined;
  const claim = oneLine(anchor.fabricated_claim_text, context.env);
  const evidence = oneLine(anchor.evidence_for_fabrication, context.env);
  return makeComment(
    {
      type: 'concern',
      text: `Unverified claim in session ${anchor.session_id} (turn ${anchor.turn_id}): "${claim}" — flagged because: ${evidence}`,
      author: ANCHOR_AUTHOR,
      ...(place.location ? { location: place.location } : {}),
      metadata: {
        'retrospect.origin': ANCHOR_ORIGIN,
        'retrospect.anchor_id': anchor.anchor_id,
        'retrospect.session_id': oneLine(anchor.session_id, context.env),
        'retrospect.turn_id': oneLine(anchor.turn_id, context.env),
        'retrospect.claim': claim,
        'retrospect.evidence': evidence,
        'retrospect.anchor_created_at': oneLine(anchor.created_at, context.env),
      },
    },
    place.unitId,
    context,
  );
}

/** The open question a fabrication anchor leaves. */
export function anchorQuestion(anchor: RetroAnchor, env: NodeJS.ProcessEnv): string {
  return `Session ${anchor.session_id} claimed "${oneLine(anchor.fabricated_claim_text, env)}" (turn ${anchor.turn_id}) without evidence (${oneLine(anchor.evidence_for_fabrication, env)}); do the changes below rely on it, and is it true?`;
}

/** The lines that open a walk's Markdown when it follows up a fabrication anchor (none otherwise). */
export function renderAnchorHeader(doc: WalkDocument): string[] {
  const comment = doc.comments.find((c) => c.metadata['retrospect.origin'] === ANCHOR_ORIGIN);
  if (!comment) return [];
  const m = comment.metadata;
  const where = comment.location?.file ? ` — on ${comment.change_unit_id}, ${comment.location.file}` : '';
  return [
    `Fabrication anchor: ${m['retrospect.anchor_id']} (session ${m['retrospect.session_id']}, turn ${m['retrospect.turn_id']})${where}`,
    `Claim: "${m['retrospect.claim']}"`,
    `Flagged because: ${m['retrospect.evidence']}`,
    '',
  ];
}
