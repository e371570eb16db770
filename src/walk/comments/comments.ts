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
  | { kind: 'invalid'; reason: string };

const TYPE_ALIASES: Record<string, CommentType> = {
  ...(Object.fromEntries(COMMENT_TYPES.map((t) => [t, t])) as Record<string, CommentType>),
  n: 'note',
  c: 'concern',
  a: 'approval',
  s: 'suggestion',
  i: 'intent_clarification',
  intent: 'intent_clarification',
};

/**
 * Normalises an answer: empty or `done` → next unit, `skip`, `quit`, else a comment written as
 * `[@file[:line[-line]]] [type:] text` (type `note` when not given; `c:`, `s:`, `a:`, `i:`, `n:` shorten).
 */
export function parseGuidedAnswer(line: string): GuidedAnswer {
  let rest = line.trim();
  if (rest === '' || rest === 'done' || rest === 'next') return { kind: 'next' };
  if (rest === 'skip') return { kind: 'skip' };
  if (rest === 'quit' || rest === 'q') return { kind: 'quit' };
  let location: CommentLocation | undefined;
  const at = /^@(\S+?)(?::(\d+)(?:-(\d+))?)?(?:\s+|$)/.exec(rest);
  if (at?.[1]) {
    location = { file: at[1] };
    if (at[2]) location.line_start = Number(at[2]);
    if (at[3] ?? at[2]) location.line_end = Number(at[3] ?? at[2]);
    if ((location.line_start ?? 0) < 1 || (location.line_end ?? 1) < (location.line_start ?? 1)) {
      return { kind: 'invalid', reason: 'a line range is @file:start-end with 1 <= start <= end' };
    }
    rest = rest.slice(at[0].length);
  }
  let type: CommentType = 'note';
  const typed = /^([a-z_]+):\s*/i.exec(rest);
  if (typed?.[1]) {
    // An unknown prefix ("TODO: ...") is part of the text of a note.
    const mapped = TYPE_ALIASES[typed[1].toLowerCase()];
    if (mapped) {
      type = mapped;
      rest = rest.slice(typed[0].length);
    }
  }
  if (rest.trim() === '') return { kind: 'invalid', reason: 'the comment has no text' };
  return { kind: 'comment', type, text: rest.trim(), ...(location ? { location } : {}) };
}
