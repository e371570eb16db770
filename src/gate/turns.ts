import { codePointLength, pyFirstWords, pyLstrip } from '../transcript/pyjson.js';
import type { AssistantEvent, EditCall, MessageId, TurnEvent, UserEvent } from '../transcript/types.js';
import {
  APPROVAL_WORDS,
  CONTINUATION_PREFIX,
  countWordMatches,
  S1_PATTERN,
  S4_PATTERN,
  S4_PREFILTER,
  S5_MAX_WORDS,
  S5_MIN_ASSISTANT_LENGTH,
  SYSTEM_NOTIFICATION_RE,
} from './signals.js';

/**
 * What one turn event means to the gate, worked out from that event alone. The gate's pass is split in
 * two: this part reads texts and runs the regexes, and GateMachine folds the turns in file order. A turn
 * keeps no text, so a reader can build one without decoding a text whose bytes already settle the answer
 * (src/gate/fast-turns.ts).
 */
export interface AssistantTurn {
  kind: 'assistant';
  lineNo: number;
  id: MessageId;
  /** S4 matches in the turn's text. */
  retries: number;
  /** Whether the text has at least S5_MIN_ASSISTANT_LENGTH code points (a short reply to it may be S5). */
  long: boolean;
  edits: EditCall[];
}

export interface UserTurn {
  kind: 'user';
  lineNo: number;
  id: MessageId;
  toolResultErrors: boolean[];
  /** A person typed it: no tool results, not meta, not empty (injected notifications included). */
  human: boolean;
  /** S1 matches (0 unless a human turn that is not an injected notification). */
  rejects: number;
  /** An S5 candidate: a short, non-approving, non-command human reply (counts after a long assistant turn). */
  terse: boolean;
}

export type GateTurn = AssistantTurn | UserTurn;

export function classifyTurn(event: TurnEvent): GateTurn {
  return event.kind === 'assistant' ? classifyAssistant(event) : classifyUser(event);
}

function classifyAssistant(event: AssistantEvent): AssistantTurn {
  return assistantTurn(event.lineNo, event.id, event.text, event.edits);
}

function classifyUser(event: UserEvent): UserTurn {
  return userTurn(event.lineNo, event.id, event.toolResultErrors, event.isMeta, event.text);
}

/** An assistant turn from its parts (readers that build no TurnEvent call this directly). */
export function assistantTurn(lineNo: number, id: MessageId, text: string, edits: EditCall[]): AssistantTurn {
  const retries = S4_PREFILTER.test(text) ? countWordMatches(S4_PATTERN, text) : 0;
  return { kind: 'assistant', lineNo, id, retries, long: isLong(text), edits };
}

/**
 * The assistant turn of a text known, without decoding it, to hold no retry word and to be `codePoints`
 * long (the fast reader settles both from the raw bytes): the same turn assistantTurn would give.
 */
export function assistantTurnOfSettledText(
  lineNo: number,
  id: MessageId,
  codePoints: number,
  edits: EditCall[],
): AssistantTurn {
  return { kind: 'assistant', lineNo, id, retries: 0, long: codePoints >= S5_MIN_ASSISTANT_LENGTH, edits };
}

/**
 * A user turn from its parts. `text` is only read for a turn without tool results that is not meta (see
 * userTextMatters), so a reader may pass `''` for the others without decoding anything.
 */
export function userTurn(
  lineNo: number,
  id: MessageId,
  toolResultErrors: boolean[],
  isMeta: boolean,
  text: string,
): UserTurn {
  const human = userTextMatters(toolResultErrors, isMeta) && text.length > 0;
  const turn: UserTurn = { kind: 'user', lineNo, id, toolResultErrors, human, rejects: 0, terse: false };
  if (!human || SYSTEM_NOTIFICATION_RE.test(text) || text.startsWith(CONTINUATION_PREFIX)) return turn;
  turn.rejects = countWordMatches(S1_PATTERN, text);
  if (!pyLstrip(text).startsWith('/')) {
    // Only whether there are one to three words counts: never more than four are split off, so a
    // long text costs no array of all its words.
    const words = pyFirstWords(text, S5_MAX_WORDS + 1);
    turn.terse = words.length >= 1 && words.length <= S5_MAX_WORDS && !words.some(isApproval);
  }
  return turn;
}

/** Whether a user turn's text can matter: only a turn with no tool results that is not meta reads it. */
export function userTextMatters(toolResultErrors: boolean[], isMeta: boolean): boolean {
  return toolResultErrors.length === 0 && !isMeta;
}

/**
 * Whether GateMachine can put this turn's id into a signal's anchors (S4 retries, S3 edits, S1 rejects,
 * an S5 candidate, the first error of an S2 run). Other ids are never read, so readers need not decode them.
 */
export function idIsRead(turn: GateTurn): boolean {
  if (turn.kind === 'assistant') return turn.retries > 0 || turn.edits.length > 0;
  return turn.rejects > 0 || turn.terse || turn.toolResultErrors.includes(true);
}

/** Code points >= 500; UTF-16 length bounds it (1 or 2 units per code point), so most texts need no count. */
function isLong(text: string): boolean {
  const units = text.length;
  if (units < S5_MIN_ASSISTANT_LENGTH) return false;
  if (units >= 2 * S5_MIN_ASSISTANT_LENGTH) return true;
  return codePointLength(text) >= S5_MIN_ASSISTANT_LENGTH;
}

function isApproval(word: string): boolean {
  return APPROVAL_WORDS.has(word.toLowerCase().replace(/^[.,!?]+|[.,!?]+$/g, ''));
}
