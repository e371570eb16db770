import type { TrialMeta } from '../rules/trial-comment.js';
import { utcMidnightEpoch } from './dates.js';
import { parseReviewAfter } from './window.js';

export type TrialMetaProblem = { ok: true } | { ok: false; reason: string };

/**
 * Checks values before they go into a comment: a value with whitespace or `>` would make the comment
 * unreadable, so it is refused rather than written.
 */
export function checkTrialMeta(meta: TrialMeta): TrialMetaProblem {
  if (utcMidnightEpoch(meta.start) === undefined) {
    return { ok: false, reason: `start must be a calendar day YYYY-MM-DD, got '${meta.start}'` };
  }
  if (parseReviewAfter(meta.reviewAfter) === undefined) {
    return { ok: false, reason: `review-after must be N-sessions or D-days, got '${meta.reviewAfter}'` };
  }
  if (!/^[^\s>]+$/.test(meta.source)) {
    return {
      ok: false,
      reason: `source must be one word without '>' (session#anchor), got '${meta.source}'`,
    };
  }
  return { ok: true };
}
