import { editDirectives, keepTrialDirective, removeDirective } from '../rules/directives.js';
import { editLessons, keepTrialLessonText, removeLessonText } from '../rules/lessons.js';
import { isTeamAgent } from '../rules/targets.js';
import { costEffectsJson } from './effect/cost-json.js';
import { historyEffect } from './effect/json.js';
import { decisionRecord, recordTrialDecision, type TrialDecisionRecord } from './history.js';
import type { TrialEvaluation } from './review.js';

export type TrialApplication =
  | { ok: true; action: 'KEEP' | 'REVERT' | 'INCONCLUSIVE'; line: string; record: TrialDecisionRecord }
  | { ok: false; reason: 'deferred' | 'not-found' | 'not-a-trial' | 'empty-text' | string };

/**
 * Carries out an accepted decision: KEEP strips the rule's trial comment, REVERT and INCONCLUSIVE remove
 * the rule (a
 * directive in its agent's file, a lesson in the lessons file it was found in); then
 * the decision and its evidence go to the directive history. The rule is found again by its text and
 * number under the file's lock, so a file edited since the review is never written blindly: a rule that
 * is gone comes back as `not-found` and nothing is recorded. A dry run writes neither file.
 */
export function applyTrialDecision(
  mainCheckout: string,
  evaluation: TrialEvaluation,
  decidedBy: 'user' | 'auto',
  options: { dryRun?: boolean; now?: Date } = {},
): TrialApplication {
  const { trial, outcome, baseline, inTrial } = evaluation;
  if (outcome.action === 'DEFER') return { ok: false, reason: 'deferred' };
  const keep = outcome.action === 'KEEP';
  const agent = trial.agent;
  const edit = isTeamAgent(agent)
    ? editDirectives(
        mainCheckout,
        agent,
        (content) => {
          const ref = { text: trial.ruleText, number: trial.number };
          return keep ? keepTrialDirective(content, ref) : removeDirective(content, ref);
        },
        { dryRun: options.dryRun },
      )
    : editLessons(
        mainCheckout,
        trial.path,
        (content) =>
          keep ? keepTrialLessonText(content, trial.ruleText) : removeLessonText(content, trial.ruleText),
        { dryRun: options.dryRun },
      );
  if (!edit.ok) return { ok: false, reason: edit.reason };
  const spend = costEffectsJson(evaluation.cost);
  const input = {
    agent: trial.agent,
    directive: trial.ruleText,
    source: trial.source,
    trial_start: trial.start,
    baseline: { mean: Number(baseline.meanText), n: baseline.n, sessions: baseline.sessionIds },
    in_trial: { mean: Number(inTrial.meanText), n: inTrial.n, sessions: inTrial.sessionIds },
    decision: outcome.action,
    decided_by: decidedBy,
    ...(evaluation.effect === undefined ? {} : { effect: historyEffect(evaluation.effect) }),
    ...(spend === null ? {} : { spend_effect: spend }),
  };
  const record = options.dryRun
    ? decisionRecord(input, options.now)
    : recordTrialDecision(mainCheckout, input, options.now);
  const line = outcome.action === 'KEEP' ? edit.line : '';
  return { ok: true, action: outcome.action, line, record };
}
