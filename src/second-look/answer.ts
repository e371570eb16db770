import { z } from 'zod';
import type { JsonSchemaSpec } from '../llm/port.js';
import type { SessionView } from './view.js';

/**
 * The second look's answer: one JSON object, checked against the session before it counts. A model's
 * answer is data: the quote must be words of the turn it cites, the kind one of a fixed list, and a
 * "rough" needs such a citation; anything else leaves the gate's verdict as it was, with the reason.
 */

export const FRICTION_KINDS = [
  'correction',
  'refusal',
  'repeat',
  'complaint',
  'frustration',
  'concession',
  'none',
] as const;
export type FrictionKind = (typeof FRICTION_KINDS)[number];

/** A quote shorter than this (after whitespace is normalised) proves nothing: "no" is in most turns. */
export const MIN_QUOTE_CHARS = 4;

/** Parsed leniently (types checked in validateAnswer, so a bad field gets its own reason). */
const parser = z
  .object({
    verdict: z.unknown(),
    turn: z.unknown().optional(),
    quote: z.unknown().optional(),
    kind: z.unknown().optional(),
  })
  .passthrough();

export type RawAnswer = z.infer<typeof parser>;

export const SECOND_LOOK_SCHEMA: JsonSchemaSpec<RawAnswer> = {
  name: 'second_look',
  parser,
  wire: {
    type: 'object',
    additionalProperties: false,
    required: ['verdict', 'turn', 'quote', 'kind'],
    properties: {
      verdict: { type: 'string', enum: ['rough', 'smooth'] },
      turn: { type: ['integer', 'null'] },
      quote: { type: 'string' },
      kind: { type: 'string', enum: [...FRICTION_KINDS] },
    },
  },
};

/** A validated answer: what it says, and the citation it rests on (for rough, always present). */
export interface SecondLookAnswer {
  verdict: 'rough' | 'smooth';
  kind: FrictionKind;
  citation?: { turn: number; id: string; quote: string };
}

export type AnswerCheck = { ok: true; answer: SecondLookAnswer } | { ok: false; why: string };

/** Whitespace runs as one space, ends trimmed: a quote copied across a line break still matches. */
function normaliseSpace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function isKind(value: unknown): value is FrictionKind {
  return typeof value === 'string' && (FRICTION_KINDS as readonly string[]).includes(value);
}

/** The citation an answer gives, checked against the view; a reason when it is not one. */
function checkCitation(
  raw: RawAnswer,
  view: SessionView,
): { ok: true; citation: SecondLookAnswer['citation'] } | { ok: false; why: string } {
  const { turn, quote } = raw;
  if (typeof turn !== 'number' || !Number.isInteger(turn))
    return { ok: false, why: `"turn" must be the number of a person's turn, got ${JSON.stringify(turn)}` };
  const entry = view.turns[turn];
  if (entry === undefined)
    return {
      ok: false,
      why: `turn ${turn} is not a turn of the person (the session has turns 0 to ${view.turns.length - 1})`,
    };
  if (typeof quote !== 'string')
    return { ok: false, why: `"quote" must be text, got ${JSON.stringify(quote)}` };
  const wanted = normaliseSpace(quote);
  if (wanted.length < MIN_QUOTE_CHARS)
    return {
      ok: false,
      why: `the quote ${JSON.stringify(quote)} is shorter than ${MIN_QUOTE_CHARS} characters`,
    };
  if (!normaliseSpace(entry.turn.text).includes(wanted))
    return { ok: false, why: `the quote ${JSON.stringify(wanted.slice(0, 80))} is not in turn ${turn}` };
  return { ok: true, citation: { turn, id: entry.turn.id, quote: wanted } };
}

/**
 * Whether a turn carries the person's words about a refusal: the reason typed with a refused call, or the
 * turn right after the agent's stretch in which a call was refused or the agent interrupted. A refusal
 * with no words is the labelling rule's "not friction on its own", so it cannot make a session rough.
 */
function refusalInWords(turn: number, view: SessionView): boolean {
  const entry = view.turns[turn];
  if (entry?.turn.refusedCall !== undefined) return true;
  const before = turn === 0 ? view.before : view.turns[turn - 1]?.after;
  return before !== undefined && (before.refused.length > 0 || before.interrupts > 0);
}

/**
 * Checks a parsed answer against the session's view. "rough" needs a kind other than "none" and a quote
 * that occurs in the turn it names; "smooth" keeps a citation only when it is a valid one.
 */
export function validateAnswer(raw: RawAnswer, view: SessionView): AnswerCheck {
  if (raw.verdict !== 'rough' && raw.verdict !== 'smooth')
    return { ok: false, why: `"verdict" must be "rough" or "smooth", got ${JSON.stringify(raw.verdict)}` };
  if (!isKind(raw.kind))
    return {
      ok: false,
      why: `"kind" must be one of ${FRICTION_KINDS.join(', ')}, got ${JSON.stringify(raw.kind)}`,
    };
  const cited = checkCitation(raw, view);
  if (raw.verdict === 'smooth') {
    return {
      ok: true,
      answer: { verdict: 'smooth', kind: raw.kind, ...(cited.ok ? { citation: cited.citation } : {}) },
    };
  }
  if (raw.kind === 'none') return { ok: false, why: 'a "rough" answer needs a kind of friction, not "none"' };
  if (!cited.ok) return { ok: false, why: `a "rough" answer needs a valid citation: ${cited.why}` };
  const at = cited.citation?.turn ?? -1;
  if (raw.kind === 'refusal' && !refusalInWords(at, view))
    return {
      ok: false,
      why: `a "refusal" must cite the person's words with or right after a refused call or an interrupt; turn ${at} is neither`,
    };
  return { ok: true, answer: { verdict: 'rough', kind: raw.kind, citation: cited.citation } };
}
