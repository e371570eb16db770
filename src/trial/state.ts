import { reviewLevel } from './effect/evaluate.js';
import { effectUnit } from './effect/json.js';
import type { TrialEvaluation } from './review.js';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** A trial's state in words: open with its progress, due with the decision the evidence supports, or deferred. */
export function describeTrialState(evaluation: TrialEvaluation): string {
  const { window, outcome, effect } = evaluation;
  if (!window.ok) return `unreadable window (${window.reason})`;
  if (outcome.action === 'DEFER' && outcome.reason === 'window-not-elapsed') {
    return `open: ${window.progress}/${window.window.count} ${window.window.unit}`;
  }
  if (outcome.action === 'DEFER' && effect === undefined)
    return 'due, deferred: fewer than 2 sessions on a side';
  if (outcome.action === 'DEFER') {
    const why =
      outcome.reason === 'insufficient-sample' ? 'too few sessions for an interval' : 'no effect shown yet';
    return `running on: ${why} (${effect?.windows}/${effect?.settings.capWindows} windows)`;
  }
  return `due: ${outcome.action}`;
}

/** The effect rule's figures for `trial list --json` and the report (undefined under the seed's rule). */
function effectSummary(evaluation: TrialEvaluation) {
  const effect = evaluation.effect;
  if (effect === undefined) return undefined;
  const { interval, pattern } = effect;
  return {
    estimate: interval.estimate === undefined ? null : round4(interval.estimate),
    ci: interval.ok ? ([round4(interval.low), round4(interval.high)] as [number, number]) : null,
    level: reviewLevel(effect.settings),
    unit: effectUnit(effect),
    baseline: { n: effect.baseline.sessions, friction: effect.baseline.median },
    inTrial: { n: effect.during.sessions, friction: effect.during.median },
    windows: effect.windows,
    capWindows: effect.settings.capWindows,
    pattern: {
      mechanism: pattern.mechanism ?? null,
      signals: pattern.signals,
      baseline: pattern.baseline,
      inTrial: pattern.during,
    },
    violations: effect.violations,
    escalation: effect.escalation ?? null,
  };
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
    deferReason: outcome.action === 'DEFER' || outcome.action === 'INCONCLUSIVE' ? outcome.reason : undefined,
    baseline: { mean: baseline.meanText, n: baseline.n, sessions: baseline.sessionIds },
    inTrial: { mean: inTrial.meanText, n: inTrial.n, sessions: inTrial.sessionIds },
    effect: effectSummary(evaluation),
  };
}

export type TrialSummary = ReturnType<typeof trialSummary>;
