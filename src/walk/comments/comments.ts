import { ulid as defaultUlid } from '../../ids/ulid.js';
import { COMMENT_TYPES, type CommentType, type WalkComment } from '../document.js';
import { redactText } from '../redact.js';

export type CommentLocation = NonNullable<WalkComment['location']>;

/** A comment before it gets ids and a timestamp. */
export interface CommentDraft {
  type: CommentType;
  text: string;
  location?: CommentLocation;
  author: WalkComment['author'];
  linkedJobs?: string[];
  metadata?: WalkComment['metadata'];
}

export interface CommentContext {
  retrospectiveId: string;
  now: () => Date;
  ulid?: () => string;
  env: NodeJS.ProcessEnv;
}

/** Gives a draft its `cmt_<ulid>` id, timestamp and unit, with secrets and home paths redacted. */
export function makeComment(draft: CommentDraft, changeUnitId: string, context: CommentContext): WalkComment {
  const next = context.ulid ?? defaultUlid;
  return {
    comment_id: `cmt_${next()}`,
    retrospective_id: context.retrospectiveId,
    change_unit_id: changeUnitId,
    author: draft.author,
    timestamp: context.now().toISOString(),
    type: draft.type,
    text: redactText(draft.text, context.env),
    ...(draft.location
      ? {
          location: {
            ...draft.location,
            ...(draft.location.file ? { file: redactText(draft.location.file, context.env) } : {}),
          },
        }
      : {}),
    linked_receipts: [],
    linked_jobs: draft.linkedJobs ?? [],
    metadata: draft.metadata ?? {},
  };
}

/** What one answer line of a guided walk means. */
export type GuidedAnswer =
  | { kind: 'comment'; type: CommentType; text: string; location?: CommentLocation }
  | { kind: 'next' }
  | { kind: 'skip' }
  | { kind: 'quit' }
  | { kind: 'diff' }
  | { kind: 'more' }
  | { kind: 'invalid'; reason: string };

/** The type words a comment may open with, with or without a colon ("concern qty may be undefined"). */
const TYPE_WORDS: Record<string, CommentType> = {
  ...(Object.fromEntries(COMMENT_TYPES.map((t) => [t, t])) as Record<string, CommentType>),
  intent: 'intent_clarification',
  'intent-clarification': 'intent_clarification',
};

/** One-letter shorthands, only with a colon (`c: …`), so that "a test is missing" stays a note. */
const TYPE_LETTERS: Record<string, CommentType> = {
  n: 'note',
  c: 'concern',
  a: 'approval',
  s: 'suggestion',
  i: 'intent_clarification',
};

/** The answer line's help, shown at every prompt of a guided walk. */
export const GUIDED_HELP =
  '[@file[:line[-line]]] [note|concern|approval|suggestion|intent] text · d diff, m more · empty next unit · skip · quit';

/** The type a comment opens with and the text after it (`note` and the whole text when none). */
function splitCommentType(text: string): { type: CommentType; text: string } {
  const word = /^([a-z][a-z_-]*)(?:\s*:\s*|\s+)/i.exec(text);
  if (word?.[1]) {
    const key = word[1].toLowerCase();
    const colon = word[0].includes(':');
    // An unknown prefix ("TODO: ...") is part of the text of a note.
    const mapped = TYPE_WORDS[key] ?? (colon ? TYPE_LETTERS[key] : undefined);
    if (mapped) return { type: mapped, text: text.slice(word[0].length) };
  }
  return { type: 'note', text };
}

/**
 * Normalises an answer: empty or `done` → next unit, `skip`, `quit`, `d` (the unit's diff) and `m` (more
 * of it), else a comment written as `[@file[:line[-line]]] [type[:]] text` (type `note` when not given;
 * `c:`, `s:`, `a:`, `i:`, `n:` shorten). Whether the place exists is checked against the unit afterwards.
 */
export function parseGuidedAnswer(line: string): GuidedAnswer {
  let rest = line.trim();
  if (rest === '' || rest === 'done' || rest === 'next') return { kind: 'next' };
  if (rest === 'skip') return { kind: 'skip' };
  if (rest === 'quit' || rest === 'q') return { kind: 'quit' };
  if (rest === 'd' || rest === 'diff') return { kind: 'diff' };
  if (rest === 'm' || rest === 'more') return { kind: 'more' };
  let location: CommentLocation | undefined;
  const at = /^@(\S+?)(?::(\d+)(?:[-–](\d+))?)?(?:\s+|$)/.exec(rest);
  if (at?.[1]) {
    location = { file: at[1] };
    if (at[2]) {
      location.line_start = Number(at[2]);
      location.line_end = Number(at[3] ?? at[2]);
      if (location.line_start < 1 || location.line_end < location.line_start)
        return { kind: 'invalid', reason: 'a line range is @file:start-end with 1 <= start <= end' };
    }
    rest = rest.slice(at[0].length);
  }
  const typed = splitCommentType(rest);
  if (typed.text.trim() === '') return { kind: 'invalid', reason: 'the comment has no text' };
  return { kind: 'comment', type: typed.type, text: typed.text.trim(), ...(location ? { location } : {}) };
}
