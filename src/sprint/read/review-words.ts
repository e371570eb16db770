/**
 * The words reviewers write as an outcome, in one table: the `.gaia/` reports (`PASSED`, `REQUEST_CHANGES`),
 * BMAD's code-review workflow (`Approve`, `Changes Requested`, `Blocked`), BMAD v4 QA gates (`PASS`,
 * `CONCERNS`, `FAIL`, `WAIVED`) and the forms seen in real story files (`NEEDS REVISION`, `LGTM`, `GO`).
 */
export type ReviewWord =
  | 'APPROVED'
  | 'PASSED'
  | 'CONCERNS'
  | 'WAIVED'
  | 'FIXED'
  | 'CHANGES_REQUESTED'
  | 'BLOCKED'
  | 'FAILED'
  | 'REJECTED';

/** Outcomes that send the work back: a story that met one before passing was reworked. */
export const SENDS_BACK: ReadonlySet<ReviewWord> = new Set([
  'CHANGES_REQUESTED',
  'BLOCKED',
  'FAILED',
  'REJECTED',
]);

/** Phrases (lower case, single spaces) in the order they are tried: longer phrases before their prefixes. */
const PHRASES: readonly (readonly [string, ReviewWord])[] = [
  ['changes requested', 'CHANGES_REQUESTED'],
  ['change requested', 'CHANGES_REQUESTED'],
  ['changes required', 'CHANGES_REQUESTED'],
  ['changes needed', 'CHANGES_REQUESTED'],
  ['request changes', 'CHANGES_REQUESTED'],
  ['requested changes', 'CHANGES_REQUESTED'],
  ['needs revision', 'CHANGES_REQUESTED'],
  ['needs revisions', 'CHANGES_REQUESTED'],
  ['needs work', 'CHANGES_REQUESTED'],
  ['needs changes', 'CHANGES_REQUESTED'],
  ['needs fixes', 'CHANGES_REQUESTED'],
  ['revision required', 'CHANGES_REQUESTED'],
  ['revisions required', 'CHANGES_REQUESTED'],
  ['rework required', 'CHANGES_REQUESTED'],
  ['rework', 'CHANGES_REQUESTED'],
  ['not approved', 'CHANGES_REQUESTED'],
  ['no go', 'CHANGES_REQUESTED'],
  ['no-go', 'CHANGES_REQUESTED'],
  ['blocked', 'BLOCKED'],
  ['rejected', 'REJECTED'],
  ['reject', 'REJECTED'],
  ['failed', 'FAILED'],
  ['failing', 'FAILED'],
  ['fail', 'FAILED'],
  ['approved', 'APPROVED'],
  ['approve', 'APPROVED'],
  ['accepted', 'APPROVED'],
  ['accept', 'APPROVED'],
  ['lgtm', 'APPROVED'],
  ['ship it', 'APPROVED'],
  ['go', 'APPROVED'],
  ['passed', 'PASSED'],
  ['passes', 'PASSED'],
  ['pass', 'PASSED'],
  ['concerns', 'CONCERNS'],
  ['waived', 'WAIVED'],
  ['fixed', 'FIXED'],
  ['all fixed', 'FIXED'],
  ['addressed', 'FIXED'],
  ['resolved', 'FIXED'],
];

/** The upper-case tokens of the table, for the strict `.gaia/` parser: these stand as verdicts even in a phrase. */
export const REVIEW_WORDS: ReadonlySet<string> = new Set([
  ...PHRASES.map(([p]) => p.toUpperCase().replace(/[\s-]+/g, '_')),
  'UNVERIFIED',
  'PASS_WITH_NOTES',
  'APPROVED_WITH_NOTES',
]);

/**
 * The review word a text starts with (`Approved with fixes applied` is APPROVED, `PASS — no changes needed`
 * is PASSED), or undefined when the text does not start with one (`6 quick fixes applied`, `AC #6 SATISFIED`).
 */
export function reviewWordOf(text: string): ReviewWord | undefined {
  const clean = text
    .toLowerCase()
    .replace(/[*`]/g, '')
    .replace(/_/g, ' ')
    .replace(/^[^a-z]+/, '')
    .replace(/\s+/g, ' ');
  for (const [phrase, word] of PHRASES) {
    if (!clean.startsWith(phrase)) continue;
    const next = clean.charAt(phrase.length);
    if (next === '' || !/[a-z0-9]/.test(next)) return word;
  }
  return undefined;
}
