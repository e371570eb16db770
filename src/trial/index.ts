// The trials' public API (the `retrospect/trial` entry point): re-exports only.
export { annotateTrial, parseTrialLine, stripTrialComment, type TrialMeta } from '../rules/trial-comment.js';
export { applyTrialDecision } from './apply.js';
export { type CostEffect, type SpendShift, trialCostEffect } from './effect/cost.js';
export { type EffectEvidence, type EffectSettings, evaluateTrialEffect } from './effect/evaluate.js';
export { shiftInterval } from './effect/rank-interval.js';
export { type RuleSavings, weeklySavings } from './effect/weekly-savings.js';
export { readSessionEvidence, type SessionEvidence } from './evidence/read.js';
export { recordTrialDecision } from './history.js';
export { checkTrialMeta } from './meta.js';
export { reviewTrials, TRIAL_RULES, type TrialReviewOptions, type TrialRuleName } from './project-review.js';
export { evaluateTrial, findTrialRules, type TrialRule, trialLabel } from './review.js';
export { type RuleMeta, readRuleMeta, recordRuleMeta, ruleKey } from './rule-meta.js';
export { type SessionScore, type SessionScoreSource, scoresFileSource } from './scores.js';
export { projectScoreSource, transcriptScoreSource } from './sources.js';
export { storeScoreSource } from './store-source.js';
export type { UnscoredSession } from './unscored.js';
export { isTrialElapsed } from './window.js';
