import { maxOf, minOf } from '../../arrays/bounded.js';
import { SIGNAL_NAMES, type SignalName } from '../../gate/signals.js';
import { GUARD_KINDS, type GuardKind } from '../evidence/guard-kinds.js';
import { type SessionEvidence, WORDING_SIGNALS } from '../evidence/read.js';
import { evaluateTrial, type TrialEvaluation, type TrialOutcome, type TrialRule } from '../review.js';
import type { RuleMeta } from '../rule-meta.js';
import type { SessionScore } from '../scores.js';
import {
  mechanicalViolations,
  type PatternSide,
  patternSide,
  type RulePattern,
  type RuleViolation,
  rulePattern,
} from './pattern.js';
import { type ShiftInterval, shiftInterval } from './rank-interval.js';
import { type RateBasis, type SessionRate, signalRate, trialSides } from './sides.js';

/** The effect rule's settings. */
export interface EffectSettings {
  /**
   * The confidence over the whole trial (default 0.95). A trial is weighed again at every review until it
   * is decided or capped, so each review's interval uses `1 − (1 − confidence) / capWindows` (98.3% by
   * default): a rule without an effect is then kept or reverted in about 5% of trials, not 5% per look.
   */
  confidence: number;
  /** The trial runs on at most this many review windows; then, still undecided, it is INCONCLUSIVE (3). */
  capWindows: number;
  /** Violations during the trial after which a mechanical rule is proposed as a hook (3). */
  escalateAfter: number;
}

export const DEFAULT_EFFECT_SETTINGS: EffectSettings = { confidence: 0.95, capWindows: 3, escalateAfter: 3 };

/** The level of each review's interval (see EffectSettings.confidence). */
export function reviewLevel(settings: EffectSettings): number {
  return 1 - (1 - settings.confidence) / Math.max(1, settings.capWindows);
}

/** One side's friction as the effect rule saw it. */
export interface FrictionSide {
  /** Scored sessions on this side. */
  sessions: number;
  /** Of them, those compared: sizes both sides have (see trialSides). */
  compared: number;
  ids: string[];
  /** Median friction per 100 turns of the compared sessions (or median score when not normalised), 4 decimals. */
  median: number;
  turns: number;
  /** The smallest and largest session on this side, in turns; null without sizes. */
  sizes: [number, number] | null;
  /** How many sessions were measured from their transcript, a stored verdict, a given size, or score only. */
  bases: Partial<Record<RateBasis, number>>;
  /** Sessions whose friction includes the wording signals: their source gave no per-signal breakdown. */
  wordingCounted: string[];
}

/**
 * One gate signal's shift, during − baseline, in weighted hits per 100 turns, over the compared sessions
 * read from their transcripts, at the review's level. `counted`: whether the decision weighs it (S4, the
 * agent's own phrasing, is shown and never weighed).
 */
export interface SignalEffect {
  signal: SignalName;
  estimate: number | null;
  low: number | null;
  high: number | null;
  counted: boolean;
  /** Sessions measured from a transcript on each side. */
  n: { baseline: number; during: number };
}

/** Each signal's effect over the compared sessions (those with a transcript), at `level`. */
function signalEffects(
  baseline: readonly SessionRate[],
  during: readonly SessionRate[],
  level: number,
): SignalEffect[] {
  return SIGNAL_NAMES.map((signal) => {
    const rates = (side: readonly SessionRate[]) =>
      side.flatMap((r) => {
        const v = signalRate(r, signal);
        return v === undefined ? [] : [v];
      });
    const [b, d] = [rates(baseline), rates(during)];
    const interval = shiftInterval(b, d, level);
    return {
      signal,
      estimate: interval.estimate === undefined ? null : round4(interval.estimate),
      low: interval.ok ? round4(interval.low) : null,
      high: interval.ok ? round4(interval.high) : null,
      counted: !WORDING_SIGNALS.includes(signal),
      n: { baseline: b.length, during: d.length },
    };
  });
}

/** Everything the effect rule weighed for one trial, beside the seed's means. */
export interface EffectEvidence {
  settings: EffectSettings;
  normalised: boolean;
  /** The size range (turns) the compared sessions lie in; null when not normalised or when sizes do not overlap. */
  comparedTurns: [number, number] | null;
  baseline: FrictionSide;
  during: FrictionSide;
  interval: ShiftInterval;
  /** Each signal's own effect; the decision's interval is over the counted ones together. */
  signals: SignalEffect[];
  /** How far the trial has come in review windows (progress / window), 2 decimals. */
  windows: number;
  pattern: RulePattern & { baseline: PatternSide; during: PatternSide };
  violations: RuleViolation[];
  /** A guard hook proposed for a mechanical rule broken `escalateAfter` times or more during its trial. */
  escalation: GuardKind | undefined;
}

export interface EffectInputs {
  evidence: ReadonlyMap<string, SessionEvidence | undefined>;
  meta: RuleMeta | undefined;
  /** Violations a deep read reported for this rule (non-mechanical rules). */
  reported?: readonly RuleViolation[];
  settings?: Partial<EffectSettings>;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function side(rates: readonly SessionRate[], compared: readonly SessionRate[]): FrictionSide {
  const sorted = compared.map((r) => r.rate).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length === 0
      ? 0
      : sorted.length % 2 === 1
        ? (sorted[mid] as number)
        : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const bases: Partial<Record<RateBasis, number>> = {};
  for (const r of rates) bases[r.basis] = (bases[r.basis] ?? 0) + 1;
  return {
    sessions: rates.length,
    compared: compared.length,
    ids: rates.map((r) => r.sessionId),
    median: round4(median),
    turns: rates.reduce((sum, r) => sum + (r.turns ?? 0), 0),
    sizes: sizeRange(rates),
    bases,
    wordingCounted: rates.filter((r) => r.wordingCounted).map((r) => r.sessionId),
  };
}

function sizeRange(rates: readonly SessionRate[]): [number, number] | null {
  const sizes = rates.flatMap((r) => (r.turns === undefined ? [] : [r.turns]));
  return sizes.length === 0 ? null : [minOf(sizes), maxOf(sizes)];
}

/**
 * KEEP when the whole interval for `during − baseline` lies below zero (friction fell), REVERT when it
 * lies above; otherwise the trial runs on until `capWindows` review windows have passed, and is then
 * INCONCLUSIVE. An interval that only touches zero has not shown an effect.
 */
function decide(interval: ShiftInterval, windows: number, settings: EffectSettings): TrialOutcome {
  const capped = windows >= settings.capWindows;
  if (!interval.ok)
    return capped
      ? { action: 'INCONCLUSIVE', reason: 'insufficient-sample' }
      : { action: 'DEFER', reason: 'insufficient-sample' };
  if (interval.high < 0) return { action: 'KEEP' };
  if (interval.low > 0) return { action: 'REVERT' };
  return capped
    ? { action: 'INCONCLUSIVE', reason: 'interval-spans-zero' }
    : { action: 'DEFER', reason: 'interval-spans-zero' };
}

/**
 * Weighs one trial by its effect: each session's friction per 100 turns (see trialSides), compared
 * before and during the trial by the Hodges–Lehmann shift with its Mann–Whitney interval (rank-interval),
 * plus the rule's own pattern before and during, its violations during the trial, and a hook proposal
 * for a mechanical rule that keeps being broken. The seed's means and window are kept as they are, so
 * the TSV row reads the same; only the decision differs.
 */
export function evaluateTrialEffect(
  trial: TrialRule,
  sessions: readonly SessionScore[],
  today: string,
  inputs: EffectInputs,
): TrialEvaluation {
  const settings = { ...DEFAULT_EFFECT_SETTINGS, ...inputs.settings };
  const seed = evaluateTrial(trial, sessions, today);
  const sides = trialSides(trial.start, sessions, inputs.evidence);
  const interval = shiftInterval(
    sides.compared.baseline.map((r) => r.rate),
    sides.compared.during.map((r) => r.rate),
    reviewLevel(settings),
  );
  const window = seed.window;
  const windows = window.ok
    ? Math.floor((window.progress / Math.max(1, window.window.count)) * 100) / 100
    : 0;
  const outcome: TrialOutcome =
    !window.ok || !window.elapsed
      ? { action: 'DEFER', reason: 'window-not-elapsed' }
      : decide(interval, windows, settings);
  const pattern = rulePattern(trial.ruleText, trial.source, inputs.meta, [
    ...sides.baseline,
    ...sides.during,
  ]);
  const violations = [...mechanicalViolations(pattern, sides.during), ...(inputs.reported ?? [])];
  const escalation =
    pattern.mechanism !== undefined &&
    violations.filter((v) => v.by === 'transcript').length >= settings.escalateAfter
      ? GUARD_KINDS[pattern.mechanism]
      : undefined;
  return {
    ...seed,
    outcome,
    effect: {
      settings,
      normalised: sides.normalised,
      baseline: side(sides.baseline, sides.compared.baseline),
      during: side(sides.during, sides.compared.during),
      comparedTurns: sides.compared.turns,
      interval,
      signals: signalEffects(sides.compared.baseline, sides.compared.during, reviewLevel(settings)),
      windows,
      pattern: {
        ...pattern,
        baseline: patternSide(pattern, sides.baseline),
        during: patternSide(pattern, sides.during),
      },
      violations,
      escalation,
    },
  };
}
