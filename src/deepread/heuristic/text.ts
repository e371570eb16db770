import { codePointLength } from '../../transcript/pyjson.js';
import type { ToolCall } from '../message.js';
import type { Citation } from '../types.js';

/** Longest excerpt a citation carries (docs/design/session-retro.md §4: one line, at most 120 characters). */
const MAX_EXCERPT = 120;
/** Citations kept per finding. */
export const MAX_CITATIONS = 3;

export const EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

function firstLineMatching(
  text: string,
  needle: RegExp | undefined,
): { line: string; at: number } | undefined {
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.length === 0) continue;
    if (needle === undefined) return { line, at: 0 };
    const at = line.search(needle);
    if (at >= 0) return { line, at };
  }
  return undefined;
}

/**
 * A verbatim excerpt of `text`: the first non-empty line that matches `needle` (any line when there is
 * none), cut to 120 code points from the match. Whitespace inside a line is kept as it is, so the
 * excerpt stays a substring of the message once whitespace is normalised.
 */
function excerptOf(text: string, needle?: RegExp): string | undefined {
  const flags = needle?.flags.replace('g', '');
  const found = firstLineMatching(text, needle ? new RegExp(needle.source, flags) : undefined);
  if (!found) return undefined;
  const points = Array.from(found.line);
  if (points.length <= MAX_EXCERPT) return found.line;
  const atPoint = Array.from(found.line.slice(0, found.at)).length;
  const start = Math.max(0, atPoint);
  return points
    .slice(start, start + MAX_EXCERPT)
    .join('')
    .trim();
}

/** A citation of the line of `text` holding `literal`, starting at it (undefined when absent). */
export function citeLiteral(messageId: string, text: string, literal: string): Citation | undefined {
  const probe = literal.trim().slice(0, 40);
  if (probe.length === 0) return undefined;
  const escaped = probe.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return cite(messageId, text, new RegExp(escaped));
}

/** A citation of `text` in `messageId`, or undefined when nothing quotable matches. */
export function cite(messageId: string, text: string, needle?: RegExp): Citation | undefined {
  const excerpt = excerptOf(text, needle);
  return excerpt === undefined || excerpt.length === 0 ? undefined : { message_id: messageId, excerpt };
}

function normalised(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * A citation of what a person typed. The detectors read the text with the IDE's attachments removed; the
 * quote is kept only if it is still verbatim in the message as written.
 */
export function citeHuman(
  message: { id: string; text: string },
  text: string,
  needle?: RegExp,
): Citation | undefined {
  const c = cite(message.id, text, needle);
  return c && normalised(message.text).includes(normalised(c.excerpt)) ? c : undefined;
}

/** A citation of a tool call: its one-line summary as the transcript body shows it (`→ Bash: ...`). */
export function citeCall(messageId: string, call: ToolCall): Citation {
  return { message_id: messageId, excerpt: excerptOf(call.summary) ?? call.name };
}

/** Citations without repeats and without blanks, at most `max`. */
export function distinctCitations(
  citations: readonly (Citation | undefined)[],
  max = MAX_CITATIONS,
): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const c of citations) {
    if (c === undefined) continue;
    const key = `${c.message_id}\0${c.excerpt}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
    if (out.length >= max) break;
  }
  return out;
}

/** What a tool call acts on: the command, the file, or its summary. Two calls with one target repeat. */
export function targetOf(call: ToolCall): string {
  return `${call.name}\0${call.command ?? call.path ?? call.summary}`;
}

/** Whitespace-insensitive, case-insensitive form of a text, for comparing two human turns. */
export function comparable(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Words a person uses to ask a question rather than to request a change. */
/**
 * Openings of a question about the code, not of a polite request ("can you add ..." asks for a change,
 * "why is ..." asks for an answer).
 */
const QUESTION_START =
  /^(?:what|why|how|where|which|who|is|are|was|were|does|do|did|isn'?t|doesn'?t|should I|explain|tell me|talk to me|walk me through)\b|^(?:为什么|为何|怎么|是不是|什么|哪|なぜ|どうして|왜|어떻게|warum|wieso|pourquoi|por qué|почему|зачем)/iu;

/**
 * Whether a request asks for an answer rather than for a change: its first sentence opens with a question
 * word. Only the opening counts, since a pasted log or file can follow a short request.
 */
export function isQuestion(text: string): boolean {
  return QUESTION_START.test(text.trim());
}

const CONTINUATION =
  /^(?:ok(?:ay)?[,.!]?\s*)?(?:keep going|continue|go on|go ahead|carry on|proceed|resume|go|yes|y|sure|try again|please continue|继续|繼續|続けて|続行|계속|weiter|continuer|continúa|continua|продолжай)[.!。！]*$/iu;

/** A reply too short to say anything on its own ("1", "ok", "y"); scripts without spaces say more per character. */
export function isTooShortToQuote(text: string): boolean {
  const trimmed = text.trim();
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(trimmed)
    ? codePointLength(trimmed) < 3
    : codePointLength(trimmed) < 8;
}

/** A reply that only tells the agent to carry on: the interrupt before it was not a correction. */
export function isContinuation(text: string): boolean {
  const trimmed = text.trim();
  return codePointLength(trimmed) <= 40 && CONTINUATION.test(trimmed);
}
