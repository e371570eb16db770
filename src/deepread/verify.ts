import { adapterFor } from '../transcript/host.js';
import type { TranscriptMessage } from '../transcript/messages.js';
import { type CitationEvidence, evidenceOf, evidenceTexts } from './citation-evidence.js';
import { fabricationAnchorId } from './fabrication.js';
import { messageBody } from './message.js';
import type { Citation, DroppedItem, FabricationAnchor, Observation, Proposal } from './types.js';
import type { StructuralResult } from './validate.js';

/** Whitespace runs become one space (and Unicode is NFC), so line wraps and indentation do not matter. */
function normaliseWhitespace(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

interface Lookup {
  /** message id → excerpts (normalised) to look for in it. */
  excerpts: Map<string, Set<string>>;
  /** Results: `${id}\0${excerpt}` found verbatim, with what the quote shows (the person, a failure, other). */
  found: Map<string, CitationEvidence>;
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
async function lookUp(
  path: string,
  questions: { id: string; excerpt: string }[],
  messages: readonly TranscriptMessage[] | undefined,
): Promise<Lookup> {
  const lookup: Lookup = { excerpts: new Map(), found: new Map(), seen: new Map() };
  for (const q of questions) {
    const set = lookup.excerpts.get(q.id) ?? new Set<string>();
    set.add(normaliseWhitespace(q.excerpt));
    lookup.excerpts.set(q.id, set);
  }
  if (lookup.excerpts.size === 0) return lookup;
  for (const message of messages ?? adapterFor(path).messages(path)) {
    const wanted = lookup.excerpts.get(message.id);
    if (!wanted) continue;
    const previous = lookup.seen.get(message.id);
    lookup.seen.set(message.id, {
      assistant: (previous?.assistant ?? false) || message.role === 'assistant',
    });
    const body = normaliseWhitespace(messageBody(message).text);
    const prose = message.role === 'assistant' ? normaliseWhitespace(message.text) : body;
    const texts = evidenceTexts(message, normaliseWhitespace);
    for (const excerpt of wanted) {
      if (excerpt.length === 0 || !(body.includes(excerpt) || prose.includes(excerpt))) continue;
      // A message id can span several lines (Claude Code splits one reply): the strongest reading wins.
      const previous = lookup.found.get(key(message.id, excerpt));
      const shows = evidenceOf(excerpt, texts);
      if (previous === undefined || previous === 'other' || (previous === 'failure' && shows === 'person'))
        lookup.found.set(key(message.id, excerpt), shows);
    }
  }
  return lookup;
}

/** Whether two excerpts of one message quote overlapping text: one holds the other, or one's end starts the other. */
function overlaps(a: string, b: string): boolean {
  if (a.includes(b) || b.includes(a)) return true;
  // Long quotes are compared by containment only, so a hostile answer cannot make this quadratic.
  if (a.length > 2_000 || b.length > 2_000) return false;
  const min = Math.max(12, Math.floor(Math.min(a.length, b.length) / 2));
  for (let n = Math.min(a.length, b.length) - 1; n >= min; n--) {
    if (a.endsWith(b.slice(0, n)) || b.endsWith(a.slice(0, n))) return true;
  }
  return false;
}

/**
 * Citations with repeats merged: the same message id with an overlapping excerpt is one citation (the
 * longer excerpt kept, at the first one's place), so that quoting one line four times weighs as one.
 */
export function distinctCitations(citations: readonly Citation[]): Citation[] {
  const out: Citation[] = [];
  for (const citation of citations) {
    const excerpt = normaliseWhitespace(citation.excerpt);
    const same = out.findIndex(
      (c) => c.message_id === citation.message_id && overlaps(normaliseWhitespace(c.excerpt), excerpt),
    );
    const kept = same >= 0 ? out[same] : undefined;
    if (kept === undefined) out.push(citation);
    else if (excerpt.length > normaliseWhitespace(kept.excerpt).length) out[same] = citation;
  }
  return out;
}

interface VerifiedAnswer {
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
 *
 * Long on purpose: the transcript is read once for every question (citations and anchors alike), and the
 * three item kinds are then checked against that one lookup, each in a few lines.
 */
export async function verifyAgainstTranscript(
  path: string,
  sessionId: string,
  structural: StructuralResult,
  /** The session's messages already read (see DeepReadOptions.messages); default: the file is read. */
  messages?: readonly TranscriptMessage[],
): Promise<VerifiedAnswer> {
  const dropped = [...structural.dropped];
  const questions = [
    ...structural.proposals.flatMap((p) => p.citations),
    ...structural.observations.flatMap((o) => o.citations),
  ].map((c) => ({ id: c.message_id, excerpt: c.excerpt }));
  for (const a of structural.anchors) questions.push({ id: a.turn_id, excerpt: a.fabricated_claim_text });
  const lookup = await lookUp(path, questions, messages);

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
      if (!lookup.found.has(key(c.message_id, normaliseWhitespace(c.excerpt)))) {
        dropped.push({
          kind: 'citation',
          reason: `excerpt is not a verbatim quote of message ${c.message_id}`,
          item: `${owner}: ${JSON.stringify(c.excerpt.slice(0, 60))}`,
        });
        return false;
      }
      return true;
    });

  const shows = (c: Citation) => lookup.found.get(key(c.message_id, normaliseWhitespace(c.excerpt)));
  const proposals: Proposal[] = [];
  for (const draft of structural.proposals) {
    const item = draft.proposed_text.slice(0, 80);
    const citations = distinctCitations(checkCitations(draft.citations, item));
    if (citations.length === 0) {
      dropped.push({ kind: 'proposal', reason: 'no citation verified against the transcript', item });
      continue;
    }
    // A rule rests on the person: their own words, or a failure they saw, beyond the harness's notices.
    if (!citations.some((c) => shows(c) === 'person' || shows(c) === 'failure')) {
      dropped.push({
        kind: 'proposal',
        reason:
          "cites none of the person's own words nor a failure they saw (only the agent's text, a bare path or the harness's notices)",
        item,
      });
      continue;
    }
    proposals.push({ session_id: sessionId, ...draft, citations });
  }
  const observations = structural.observations.map((o) => ({
    session_id: sessionId,
    ...o,
    citations: distinctCitations(checkCitations(o.citations, o.description.slice(0, 80))),
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
    if (!lookup.found.has(key(draft.turn_id, normaliseWhitespace(draft.fabricated_claim_text)))) {
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
