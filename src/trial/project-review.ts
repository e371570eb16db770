import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import type { GateProfile } from '../gate/profile.js';
import { trialCostEffect } from './effect/cost.js';
import {
  DEFAULT_EFFECT_SETTINGS,
  type EffectSettings,
  evaluateTrialEffect,
  reviewLevel,
} from './effect/evaluate.js';
import type { RuleViolation } from './effect/pattern.js';
import { readSessionEvidence, type SessionEvidence } from './evidence/read.js';
import { evaluateTrial, findTrialRules, type TrialEvaluation } from './review.js';
import { readRuleMeta, ruleKey } from './rule-meta.js';
import type { SessionScore } from './scores.js';

/** The decision rules a review can use: the effect with its interval (default), or the seed's means. */
export const TRIAL_RULES = ['effect', 'seed'] as const;
export type TrialRuleName = (typeof TRIAL_RULES)[number];

/** How elapsed trials are decided. */
export interface TrialReviewOptions {
  /** Default `effect`; `seed` keeps the seed's rule and output exactly. */
  rule?: TrialRuleName;
  /** The effect rule's figures (confidence, review windows, escalation); see docs/trial-statistics.md. */
  settings?: Partial<EffectSettings>;
  /** The gate profile whose hits measure friction (default: the gate's default); the scores' profile. */
  profile?: GateProfile;
  /** Violations reported by deep reads, by rule key (see ruleKey). */
  reported?: ReadonlyMap<string, readonly RuleViolation[]>;
  /** Prices for friction's spend (default: the bundled table); see docs/cost.md. */
  prices?: PriceTable;
}

/**
 * Reads each scored session's transcript once for the effect rule (size, uncapped hits, mechanical
 * findings). A transcript that is gone or unreadable has no evidence; its stored verdict is used instead.
 */
function readTrialEvidence(
  sessions: readonly SessionScore[],
  profile?: GateProfile,
): Map<string, SessionEvidence | undefined> {
  const evidence = new Map<string, SessionEvidence | undefined>();
  for (const s of sessions) {
    if (s.score === undefined || s.path === undefined || evidence.has(s.sessionId)) continue;
    evidence.set(s.sessionId, readSessionEvidence(s.path, profile));
  }
  return evidence;
}

/**
 * Weighs every trial rule of the project (see findTrialRules for the order). Transcripts are read only
 * when there is a trial to weigh by its effect. Reading never writes.
 */
export function reviewTrials(
  mainCheckout: string,
  sessions: readonly SessionScore[],
  today: string,
  options: TrialReviewOptions = {},
): TrialEvaluation[] {
  const trials = findTrialRules(mainCheckout);
  if (options.rule === 'seed' || trials.length === 0)
    return trials.map((trial) => evaluateTrial(trial, sessions, today));
  const evidence = readTrialEvidence(sessions, options.profile);
  const meta = readRuleMeta(mainCheckout);
  const prices = options.prices ?? bundledPriceTable();
  const level = reviewLevel({ ...DEFAULT_EFFECT_SETTINGS, ...options.settings });
  return trials.map((trial) => {
    const key = ruleKey(trial.ruleText);
    const evaluation = evaluateTrialEffect(trial, sessions, today, {
      evidence,
      meta: meta.get(key),
      reported: options.reported?.get(key) ?? [],
      ...(options.settings === undefined ? {} : { settings: options.settings }),
    });
    return { ...evaluation, cost: trialCostEffect(trial.start, sessions, evidence, prices, level) };
  });
}
