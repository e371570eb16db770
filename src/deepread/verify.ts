import { adapterFor } from '../transcript/host.js';
import { fabricationAnchorId } from './fabrication.js';
import { messageBody } from './message.js';
import type { Citation, DroppedItem, FabricationAnchor, Observation, Proposal } from './types.js';
import type { StructuralResult } from './validate.js';

/** Whitespace runs become one space (and Unicode is NFC), so line wraps and indentation do not matter. */
export function normalizeWhitespace(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

interface Lookup {
  /** message id → excerpts (normalized) to look for in it. */
  excerpts: Map<string, Set<string>>;
  /** Results: `${id}\0${excerpt}` found verbatim. */
  found: Set<string>;
  /** Message ids seen, with whether any line of that id is an assistant line. */
  seen: Map<string, { assistant: boolean }>;
}

function key(id: string, excerpt: string): string {
  return `${id}\0${excerpt}`;
}

/**
 * One streaming pass over the transcript that answers, for the cited messages only, whether each excerpt
 * is a verbatim substring of the message's text (after whitespace normalisation). Memory holds the
 * questions and the answers, never the transcript.
 */
async function lookUp(path: string, questions: { id: string; excerpt: string }[]): Promise<Lookup> {
  const lookup: Lookup = { excerpts: new Map(), found: new Set(), seen: new Map() };
  for (const q of questions) {
    const set = lookup.excerpts.get(q.id) ?? new Set<string>();
    set.add(normalizeWhitespace(q.excerpt));
    lookup.excerpts.set(q.id, set);
  }
  if (lookup.excerpts.size === 0) return lookup;
  for (const message of adapterFor(path).messages(path)) {
    const wanted = lookup.excerpts.get(message.id);
    if (!wanted) continue;
    const previous = lookup.seen.get(message.id);
    lookup.seen.set(message.id, {
      assistant: (previous?.assistant ?? false) || message.role === 'assistant',
    });
    const body = normalizeWhitespace(messageBody(message).text);
    const prose = message.role === 'assistant' ? normalizeWhitespace(message.text) : body;
    for (const excerpt of wanted) {
      if (excerpt.length > 0 && (body.includes(excerpt) || prose.includes(excerpt)))
        lookup.found.add(key(message.id, excerpt));
    }
  }
  return lookup;
}

export interface VerifiedAnswer {
  proposals: Proposal[];
  observations: Observation[];
  anchors: FabricationAnchor[];
  dropped: DroppedItem[];
}

/**
 * Checks every citation and fabrication anchor against the transcript: the message id must exist and
 * the excerpt (or claim) must be a verbatim substring of its text; a fabrication anchor's turn must be an
 * assistant message. Invalid citations are dropped, then proposals left without one; anchor ids are
 * recomputed and duplicates merged.
 */
export async function verifyAgainstTranscript(
  path: string,
  sessionId: string,
  structural: StructuralResult,
): Promise<VerifiedAnswer> {
  const dropped = [...structural.dropped];
  const questions = [
    ...structural.proposals.flatMap((p) => p.citations),
    ...structural.observations.flatMap((o) => o.citations),
  ].map((c) => ({ id: c.message_id, excerpt: c.excerpt }));
  for (const a of structural.anchors) questions.push({ id: a.turn_id, excerpt: a.fabricated_claim_text });
  const lookup = await lookUp(path, questions);

  const checkCitations = (citations: Citation[], owner: string): Citation[] =>
    citations.filter((c) => {
      if (!lookup.seen.has(c.message_id)) {
        dropped.push({
          kind: 'citation',
          reason: `message_id ${c.message_id} is not in the transcript`,
          item: owner,
        });
        return false;
      }
      if (!lookup.found.has(key(c.message_id, normalizeWhitespace(c.excerpt)))) {
        dropped.push({
          kind: 'citation',
          reason: `excerpt is not a verbatim quote of message ${c.message_id}`,
          item: `${owner}: ${JSON.stringify(c.excerpt.slice(0, 60))}`,
        });
        return false;
      }
      return true;
    });

  const proposals: Proposal[] = [];
  for (const draft of structural.proposals) {
    const citations = checkCitations(draft.citations, draft.proposed_text.slice(0, 80));
    if (citations.length === 0) {
      dropped.push({
        kind: 'proposal',
        reason: 'no citation verified against the transcript',
        item: draft.proposed_text.slice(0, 80),
      });
      continue;
    }
    proposals.push({ session_id: sessionId, ...draft, citations });
  }
  const observations = structural.observations.map((o) => ({
    session_id: sessionId,
    ...o,
    citations: checkCitations(o.citations, o.description.slice(0, 80)),
  }));

  const anchors = new Map<string, FabricationAnchor>();
  for (const draft of structural.anchors) {
    const turn = lookup.seen.get(draft.turn_id);
    const item = `${draft.turn_id}: ${draft.fabricated_claim_text.slice(0, 60)}`;
    if (!turn?.assistant) {
      const reason = turn ? 'turn_id is not an assistant message' : 'turn_id is not in the transcript';
      dropped.push({ kind: 'fabrication_anchor', reason, item });
      continue;
    }
    if (!lookup.found.has(key(draft.turn_id, normalizeWhitespace(draft.fabricated_claim_text)))) {
      dropped.push({
        kind: 'fabrication_anchor',
        reason: 'fabricated_claim_text is not a verbatim quote of the turn',
        item,
      });
      continue;
    }
    const anchor_id = fabricationAnchorId(sessionId, draft.turn_id, draft.fabricated_claim_text);
    if (!anchors.has(anchor_id)) anchors.set(anchor_id, { anchor_id, session_id: sessionId, ...draft });
  }
  return { proposals, observations, anchors: [...anchors.values()], dropped };
}
