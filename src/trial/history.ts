import { join } from 'node:path';
import { appendJsonLine, ensureInsideProject } from '../fsx/index.js';
import { utcSecondStamp } from './dates.js';
import type { SpendEffectJson } from './effect/cost-json.js';

/** `<main checkout>/.claude/retro/directive-history.jsonl` */
export function directiveHistoryPath(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro', 'directive-history.jsonl');
}

export interface HistorySide {
  mean: number;
  n: number;
  sessions: string[];
}

/** The effect behind a decision of the effect rule (absent for the seed's rule, whose lines stay as they were). */
export interface HistoryEffect {
  estimate: number | null;
  ci: [number, number] | null;
  method: string;
  unit: string;
}

/** One trial decision, as appended to the history (keys in this order). */
export interface TrialDecisionRecord {
  ts: string;
  agent: string;
  directive: string;
  source: string;
  trial_start: string;
  baseline: HistorySide;
  in_trial: HistorySide;
  decision: 'KEEP' | 'REVERT' | 'INCONCLUSIVE';
  decided_by: 'user' | 'auto';
  effect?: HistoryEffect;
  /**
   * What the trial did to friction's spend, as `trial review --json` shows it in `effects` (absent for
   * the seed's rule and for decisions recorded by hand), so that a kept rule still shows what it saves.
   */
  spend_effect?: SpendEffectJson;
}

export type TrialDecisionInput = Omit<TrialDecisionRecord, 'ts'>;

/** Builds the record with its keys in the history's order and the time stamp to the second, UTC. */
export function decisionRecord(input: TrialDecisionInput, now: Date = new Date()): TrialDecisionRecord {
  const side = (s: HistorySide): HistorySide => ({ mean: s.mean, n: s.n, sessions: [...s.sessions] });
  return {
    ts: utcSecondStamp(now),
    agent: input.agent,
    directive: input.directive,
    source: input.source,
    trial_start: input.trial_start,
    baseline: side(input.baseline),
    in_trial: side(input.in_trial),
    decision: input.decision,
    decided_by: input.decided_by,
    ...(input.effect === undefined ? {} : { effect: { ...input.effect } }),
    ...(input.spend_effect === undefined ? {} : { spend_effect: structuredClone(input.spend_effect) }),
  };
}

/**
 * Appends a KEEP, REVERT or INCONCLUSIVE decision to the project's directive history (one JSON line, under the file's
 * lock, fsynced), so the evidence behind every kept or reverted rule can be read back later.
 */
export function recordTrialDecision(
  mainCheckout: string,
  input: TrialDecisionInput,
  now: Date = new Date(),
): TrialDecisionRecord {
  const record = decisionRecord(input, now);
  const path = directiveHistoryPath(mainCheckout);
  ensureInsideProject(mainCheckout, path);
  appendJsonLine(path, record);
  return record;
}
