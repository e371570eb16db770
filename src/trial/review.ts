import { readProjectTextIfExists } from '../fsx/index.js';
import { readDirectiveItems } from '../rules/directives.js';
import { readLessonItems } from '../rules/lessons.js';
import { directivesPath, lessonsPaths, type RuleOwner, TEAM_AGENTS } from '../rules/targets.js';
import { parseTrialLine } from '../rules/trial-comment.js';
import { utcMidnightEpoch } from './dates.js';
import type { CostEffect } from './effect/cost.js';
import { effectDeferLine } from './effect/defer-line.js';
import type { EffectEvidence } from './effect/evaluate.js';
import type { SessionScore } from './scores.js';
import { type SideStats, sideStats } from './stats.js';
import { type ElapsedResult, isTrialElapsed } from './window.js';

/** A rule on trial: a numbered directive of a team agent, or a lesson for plain Claude (`claude`). */
export interface TrialRule {
  agent: RuleOwner;
  path: string;
  /** 0-based line index in the file. */
  lineIndex: number;
  /** List number of a directive; undefined for a lesson. */
  number?: number;
  /** The line without its trial comment (list number or bullet kept), as the review TSV prints it. */
  text: string;
  /** The rule's text alone (no number or bullet, no comment): what the writers match on. */
  ruleText: string;
  start: string;
  source: string;
  reviewAfter: string;
}

/** Why a trial is not decided (yet): the seed rule knows the first two, the effect rule adds the third. */
export type DeferReason = 'window-not-elapsed' | 'insufficient-sample' | 'interval-spans-zero';

/**
 * KEEP and REVERT as the seed rule decides them; the effect rule adds INCONCLUSIVE (the trial ran to its cap
 * without showing an effect either way: the rule goes, since it still costs context).
 */
export type TrialOutcome =
  | { action: 'KEEP' | 'REVERT' }
  | { action: 'INCONCLUSIVE'; reason: 'interval-spans-zero' | 'insufficient-sample' }
  | { action: 'DEFER'; reason: DeferReason };

/** One trial weighed against the evidence: its window, both sides' scores, and what follows. */
export interface TrialEvaluation {
  trial: TrialRule;
  window: ElapsedResult;
  baseline: SideStats;
  inTrial: SideStats;
  outcome: TrialOutcome;
  /** The effect rule's evidence (absent under `--rule seed`). */
  effect?: EffectEvidence;
  /** What friction's spend did during the trial (effect rule only; see effect/cost.ts). */
  cost?: CostEffect;
}

/** A rules file's text; undefined when missing, empty, unreadable or leading out of the project. */
function readIfNonEmpty(mainCheckout: string, path: string): string | undefined {
  try {
    const text = readProjectTextIfExists(mainCheckout, path);
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

/**
 * Every rule with a complete trial comment: the numbered directives of the seven agents' files, agents in
 * their fixed order, then the lessons for `claude` (`.claude/rules/retrospect-lessons.md`, then the earlier
 * `.claude/memory/claude/lessons.md`); rules in file order. Reading never writes.
 */
export function findTrialRules(mainCheckout: string): TrialRule[] {
  const rules: TrialRule[] = [];
  const add = (
    agent: RuleOwner,
    path: string,
    item: { lineIndex: number; line: string; text: string; number?: number },
  ) => {
    const parsed = parseTrialLine(item.line);
    if (!parsed) return;
    rules.push({
      agent,
      path,
      lineIndex: item.lineIndex,
      ...(item.number === undefined ? {} : { number: item.number }),
      text: parsed.text,
      ruleText: item.text,
      start: parsed.start,
      source: parsed.source,
      reviewAfter: parsed.reviewAfter,
    });
  };
  for (const agent of TEAM_AGENTS) {
    const path = directivesPath(mainCheckout, agent);
    const content = readIfNonEmpty(mainCheckout, path);
    if (content !== undefined) for (const item of readDirectiveItems(content)) add(agent, path, item);
  }
  for (const path of lessonsPaths(mainCheckout)) {
    const content = readIfNonEmpty(mainCheckout, path);
    if (content !== undefined) for (const item of readLessonItems(content)) add('claude', path, item);
  }
  return rules;
}

/** How people name a trial rule: `ic5 #3` for a directive, `claude lesson` for a lesson. */
export function trialLabel(trial: Pick<TrialRule, 'agent' | 'number'>): string {
  return trial.number === undefined ? `${trial.agent} lesson` : `${trial.agent} #${trial.number}`;
}

/**
 * Weighs one trial: sessions modified before the start day's midnight UTC are the baseline, the others
 * in-trial (sessions with an unknown mtime are in neither). DEFER while the window is open or when either
 * side has fewer than 2 scored sessions; else KEEP when the in-trial mean is below the baseline mean, as
 * printed with 4 decimals, and REVERT otherwise (a tie reverts: a rule must earn its place).
 */
export function evaluateTrial(
  trial: TrialRule,
  sessions: readonly SessionScore[],
  today: string,
): TrialEvaluation {
  const window = isTrialElapsed({
    start: trial.start,
    reviewAfter: trial.reviewAfter,
    sessionMtimes: sessions.map((s) => s.mtime),
    today,
  });
  const startEpoch = utcMidnightEpoch(trial.start) ?? 0;
  const dated = sessions.filter((s) => s.mtime !== undefined);
  const baseline = sideStats(dated.filter((s) => (s.mtime ?? 0) < startEpoch));
  const inTrial = sideStats(dated.filter((s) => (s.mtime ?? 0) >= startEpoch));
  let outcome: TrialOutcome;
  if (!window.ok || !window.elapsed) outcome = { action: 'DEFER', reason: 'window-not-elapsed' };
  else if (baseline.n < 2 || inTrial.n < 2) outcome = { action: 'DEFER', reason: 'insufficient-sample' };
  else outcome = { action: Number(inTrial.meanText) < Number(baseline.meanText) ? 'KEEP' : 'REVERT' };
  return { trial, window, baseline, inTrial, outcome };
}

/** The review's stdout row for a KEEP or REVERT (12 tab-separated columns); undefined for a DEFER. */
export function decisionTsvRow(evaluation: TrialEvaluation): string | undefined {
  const { trial, baseline, inTrial, outcome } = evaluation;
  if (outcome.action === 'DEFER') return undefined;
  return [
    outcome.action,
    trial.agent,
    trial.text,
    trial.source,
    trial.start,
    baseline.meanText,
    String(baseline.n),
    inTrial.meanText,
    String(inTrial.n),
    baseline.sessionIds.join(','),
    inTrial.sessionIds.join(','),
    trial.reviewAfter,
  ].join('\t');
}

/** The review's stderr line for a DEFER; undefined for a decision. */
export function deferLine(evaluation: TrialEvaluation): string | undefined {
  const { trial, baseline, inTrial, outcome } = evaluation;
  if (outcome.action !== 'DEFER') return undefined;
  if (outcome.reason === 'window-not-elapsed') {
    return `# trial-review: defer agent=${trial.agent} reason=window-not-elapsed start=${trial.start} review-after=${trial.reviewAfter}`;
  }
  const head = Array.from(trial.text).slice(0, 60).join('');
  if (evaluation.effect !== undefined) return effectDeferLine(evaluation, evaluation.effect, head);
  return `# trial-review: defer agent=${trial.agent} reason=insufficient-sample baseline_n=${baseline.n} in_trial_n=${inTrial.n} directive=${head}`;
}
