import type { TrialEvaluation } from '../review.js';
import type { EffectEvidence } from './evaluate.js';

/** A number as the review lines print it: at most 4 decimals, no trailing zeros. */
export function shortNumber(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/**
 * The stderr line for a trial the effect rule defers on its evidence (the window is over): the estimate,
 * the interval, how many windows have passed of the cap, and the rule's head.
 */
export function effectDeferLine(evaluation: TrialEvaluation, effect: EffectEvidence, head: string): string {
  const { trial, outcome } = evaluation;
  const reason = outcome.action === 'DEFER' ? outcome.reason : 'insufficient-sample';
  const { interval } = effect;
  const estimate = interval.estimate === undefined ? 'none' : shortNumber(interval.estimate);
  const ci = interval.ok ? `${shortNumber(interval.low)},${shortNumber(interval.high)}` : 'none';
  return `# trial-review: defer agent=${trial.agent} reason=${reason} baseline_n=${effect.baseline.sessions} in_trial_n=${effect.during.sessions} estimate=${estimate} ci=${ci} windows=${effect.windows}/${effect.settings.capWindows} directive=${head}`;
}
