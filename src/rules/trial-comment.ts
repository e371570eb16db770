// The grammar of the trial comment a rule line carries (`<!-- trial start=… source=… review-after=… -->`).
// A leaf: the rule writers (rules/) keep and strip the comment, the trials (trial/) read and decide on it,
// and neither has to import the other for it.

/** The metadata a trial rule carries in its comment, as written on the rule's own line. */
export interface TrialMeta {
  /** Day the trial started, `YYYY-MM-DD`. */
  start: string;
  /** `<session id>#<anchor message id>` the rule was born from. */
  source: string;
  /** `N-sessions` or `D-days`. */
  reviewAfter: string;
}

/** A rule line split into its text (comment removed, list number kept) and its trial metadata. */
interface ParsedTrialLine extends TrialMeta {
  text: string;
}

/**
 * The first `<!-- trial ... -->` comment with its surrounding whitespace. The body cannot contain `>`,
 * so an unrelated comment later on the line is never swallowed.
 */
const TRIAL_COMMENT = /\s*<!--\s*trial\s+([^>]*)-->\s*/;

interface SplitLine {
  body: string;
  text: string;
}

/** Splits a line at its first trial comment; undefined when there is none (or it is empty). */
function splitTrialComment(line: string): SplitLine | undefined {
  const match = TRIAL_COMMENT.exec(line);
  if (!match || match[1] === undefined || match[1].trim() === '') return undefined;
  const before = line.slice(0, match.index);
  const after = line.slice(match.index + match[0].length);
  // Text on both sides keeps one space between them, so stripping never glues two words together.
  const joined = before !== '' && after !== '' ? `${before} ${after}` : before + after;
  return { body: match[1], text: joined.trimEnd() };
}

/** The value of the first `key=value` token of a comment body; unknown keys are ignored. */
function commentValue(body: string, key: string): string {
  for (const token of body.split(/\s+/)) {
    if (token.startsWith(`${key}=`)) return token.slice(key.length + 1);
  }
  return '';
}

/**
 * Reads the trial metadata of a rule line. Undefined when the line has no trial comment or when any of
 * `start`, `source` and `review-after` is missing or empty: such a line is a plain, permanent rule.
 */
export function parseTrialLine(line: string): ParsedTrialLine | undefined {
  const split = splitTrialComment(line);
  if (!split) return undefined;
  const start = commentValue(split.body, 'start');
  const source = commentValue(split.body, 'source');
  const reviewAfter = commentValue(split.body, 'review-after');
  if (start === '' || source === '' || reviewAfter === '') return undefined;
  return { text: split.text, start, source, reviewAfter };
}

/** True when the line carries a trial comment, complete or not. */
export function hasTrialComment(line: string): boolean {
  return splitTrialComment(line) !== undefined;
}

/** Removes the trial comment from a line; a line without one comes back unchanged. */
export function stripTrialComment(line: string): string {
  return splitTrialComment(line)?.text ?? line;
}

/** The trial comment itself, as `annotateTrial` writes it. */
function trialComment(meta: TrialMeta): string {
  return `<!-- trial start=${meta.start} source=${meta.source} review-after=${meta.reviewAfter} -->`;
}

/** Puts a trial comment at the end of `text`, replacing any trial comment it already has. */
export function annotateTrial(text: string, meta: TrialMeta): string {
  return `${stripTrialComment(text)} ${trialComment(meta)}`;
}
