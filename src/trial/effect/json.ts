import type { HistoryEffect } from '../history.js';
import { type TrialEvaluation, trialLabel } from '../review.js';
import { costEffectsJson } from './cost-json.js';
import { type EffectEvidence, reviewLevel } from './evaluate.js';

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const percent = (level: number) => `${Math.round(level * 1000) / 10}%`;

/** The unit the effect is measured in. */
export function effectUnit(effect: EffectEvidence): string {
  return effect.normalised ? 'gate points per 100 turns' : 'gate score per session';
}

/** The method in one line, as the review names it. */
function effectMethod(effect: EffectEvidence): string {
  return effect.interval.ok && effect.interval.distribution === 'normal'
    ? 'hodges-lehmann, mann-whitney interval (normal approximation)'
    : 'hodges-lehmann, mann-whitney interval (exact)';
}

/** The effect as the directive history keeps it beside a decision. */
export function historyEffect(effect: EffectEvidence): HistoryEffect {
  const { interval } = effect;
  return {
    estimate: interval.estimate === undefined ? null : round4(interval.estimate),
    ci: interval.ok ? [round4(interval.low), round4(interval.high)] : null,
    method: effectMethod(effect),
    unit: effectUnit(effect),
  };
}

/** Why the trial stands where it does, in one sentence. */
export function decisionReason(evaluation: TrialEvaluation): string {
  const { outcome, effect, window, baseline, inTrial } = evaluation;
  if (outcome.action === 'DEFER' && outcome.reason === 'window-not-elapsed') {
    return window.ok
      ? `the review window is open: ${window.progress} of ${window.window.count} ${window.window.unit}`
      : `the review window cannot be read: ${window.reason}`;
  }
  if (effect === undefined) {
    if (outcome.action === 'DEFER') return 'fewer than 2 scored sessions on a side';
    const relation = outcome.action === 'KEEP' ? 'below' : 'not below';
    return `the in-trial mean score ${inTrial.meanText} is ${relation} the baseline mean ${baseline.meanText}`;
  }
  const level = percent(reviewLevel(effect.settings));
  const unit = effectUnit(effect);
  const cap = `${effect.windows} of at most ${effect.settings.capWindows} review windows`;
  const [b, d] = [effect.baseline.sizes, effect.during.sizes];
  if (!effect.interval.ok && effect.normalised && effect.comparedTurns === null && b !== null && d !== null) {
    const apart = `the sessions before the trial (${b[0]}–${b[1]} turns) and during it (${d[0]}–${d[1]} turns) share no sizes, so there is nothing to compare`;
    return outcome.action === 'INCONCLUSIVE'
      ? `after ${cap}, ${apart}`
      : `${apart}; the trial runs on (${cap})`;
  }
  if (!effect.interval.ok) {
    const sizes = `${effect.baseline.compared} baseline and ${effect.during.compared} in-trial sessions of comparable size`;
    return outcome.action === 'INCONCLUSIVE'
      ? `after ${cap}, ${sizes} are still too few for a ${level} interval`
      : `${sizes} are too few for a ${level} interval; the trial runs on (${cap})`;
  }
  const ci = `[${round4(effect.interval.low)}, ${round4(effect.interval.high)}] ${unit}`;
  if (outcome.action === 'KEEP') return `friction fell: the ${level} interval ${ci} lies below zero`;
  if (outcome.action === 'REVERT') return `friction rose: the ${level} interval ${ci} lies above zero`;
  if (outcome.action === 'INCONCLUSIVE')
    return `no effect shown after ${cap}: the ${level} interval ${ci} includes zero, and the rule still costs context`;
  return `no effect shown yet: the ${level} interval ${ci} includes zero; the trial runs on (${cap})`;
}

/**
 * One trial as `trial review --json` prints it: `{agent, directive, decision, reason, baseline: {sessions,
 * friction}, during: {sessions, friction}, effect: {estimate, ci: [low, high], method}, pattern: {baseline,
 * during}}`, each with more detail beside the named keys. Under the seed's rule, friction is the mean
 * score, the effect the difference of the means, and there is neither interval nor pattern.
 */
export function trialReviewJson(evaluation: TrialEvaluation) {
  const common = commonReviewJson(evaluation);
  return evaluation.effect === undefined
    ? seedReviewJson(evaluation, common)
    : effectReviewJson(evaluation, evaluation.effect, common);
}

/** The keys every trial's JSON has, whichever rule decided it. */
function commonReviewJson(evaluation: TrialEvaluation) {
  const { trial, outcome, window } = evaluation;
  return {
    agent: trial.agent,
    directive: trial.ruleText,
    label: trialLabel(trial),
    decision: outcome.action,
    defer_reason: outcome.action === 'DEFER' || outcome.action === 'INCONCLUSIVE' ? outcome.reason : null,
    reason: decisionReason(evaluation),
    trial: {
      start: trial.start,
      source: trial.source,
      review_after: trial.reviewAfter,
      progress: window.ok ? window.progress : null,
      path: trial.path,
      number: trial.number ?? null,
    },
  };
}

/** Under the seed's rule: the mean scores and their difference, no interval, no pattern. */
function seedReviewJson(evaluation: TrialEvaluation, common: ReturnType<typeof commonReviewJson>) {
  const { baseline, inTrial } = evaluation;
  return {
    ...common,
    rule: 'seed' as const,
    baseline: {
      sessions: baseline.n,
      friction: Number(baseline.meanText),
      session_ids: baseline.sessionIds,
    },
    during: { sessions: inTrial.n, friction: Number(inTrial.meanText), session_ids: inTrial.sessionIds },
    effect: {
      estimate: round4(Number(inTrial.meanText) - Number(baseline.meanText)),
      ci: null,
      method: 'seed: difference of mean gate scores',
      unit: 'gate score per session',
    },
    signals: [],
    pattern: { baseline: null, during: null },
    violations: [],
    escalation: null,
  };
}

/** Under the effect rule: each side's medians, the interval, each signal's effect, the pattern, the escalation. */
function effectReviewJson(
  evaluation: TrialEvaluation,
  effect: EffectEvidence,
  common: ReturnType<typeof commonReviewJson>,
) {
  const { baseline, inTrial } = evaluation;
  const { interval, pattern } = effect;
  const side = (s: EffectEvidence['baseline'], seed: typeof baseline) => ({
    sessions: s.sessions,
    friction: s.median,
    compared: s.compared,
    turns_range: s.sizes,
    session_ids: s.ids,
    turns: s.turns,
    measured_from: s.bases,
    wording_counted: s.wordingCounted,
    mean_score: Number(seed.meanText),
  });
  return {
    ...common,
    rule: 'effect' as const,
    baseline: side(effect.baseline, baseline),
    during: side(effect.during, inTrial),
    effect: {
      ...historyEffect(effect),
      level: round4(reviewLevel(effect.settings)),
      confidence: effect.settings.confidence,
      achieved_level: interval.ok ? round4(interval.achievedLevel) : null,
      friction_is: effect.normalised ? 'median per session' : 'median score per session',
      windows: effect.windows,
      cap_windows: effect.settings.capWindows,
      compared_turns: effect.comparedTurns,
      counted_signals: effect.signals.filter((s) => s.counted).map((s) => s.signal),
    },
    effects: costEffectsJson(evaluation.cost),
    signals: effect.signals.map(({ signal, estimate, low, high, counted, n }) => ({
      signal,
      estimate,
      low,
      high,
      counted,
      sessions: n,
    })),
    pattern: {
      baseline: pattern.baseline.count,
      during: pattern.during.count,
      per_100_turns: { baseline: pattern.baseline.per100Turns, during: pattern.during.per100Turns },
      sessions_read: { baseline: pattern.baseline.sessions, during: pattern.during.sessions },
      mechanism: pattern.mechanism ?? null,
      signals: pattern.mechanism === undefined ? pattern.signals : [],
      from: pattern.from,
      summary: pattern.summary,
    },
    violations: effect.violations.map((v) => ({
      session: v.sessionId,
      message: v.messageId,
      excerpt: v.excerpt,
      by: v.by,
    })),
    escalation:
      effect.escalation === undefined
        ? null
        : {
            kind: effect.escalation.kind,
            event: effect.escalation.event,
            matcher: effect.escalation.matcher ?? null,
            does: effect.escalation.description,
            install: `retrospect init --guard ${effect.escalation.kind}`,
          },
  };
}
