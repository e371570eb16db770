import type { TrialEvaluation } from './review.js';

/** A trial's state in words: open with its progress, due with the decision the evidence supports, or deferred. */
export function describeTrialState(evaluation: TrialEvaluation): string {
  const { window, outcome } = evaluation;
  if (!window.ok) return `unreadable window (${window.reason})`;
  if (outcome.action === 'DEFER' && outcome.reason === 'window-not-elapsed') {
    return `open: ${window.progress}/${window.window.count} ${window.window.unit}`;
  }
  if (outcome.action === 'DEFER') return 'due, deferred: fewer than 2 sessions on a side';
  return `due: ${outcome.action}`;
}

/** The evaluation as plain data for `--json` and the library's callers. */
export function trialSummary(evaluation: TrialEvaluation) {
  const { trial, baseline, inTrial, outcome } = evaluation;
  return {
    agent: trial.agent,
    number: trial.number,
    path: trial.path,
    rule: trial.ruleText,
    start: trial.start,
    source: trial.source,
    reviewAfter: trial.reviewAfter,
    state: describeTrialState(evaluation),
    action: outcome.action,
    deferReason: outcome.action === 'DEFER' ? outcome.reason : undefined,
    baseline: { mean: baseline.meanText, n: baseline.n, sessions: baseline.sessionIds },
    inTrial: { mean: inTrial.meanText, n: inTrial.n, sessions: inTrial.sessionIds },
  };
}
