import { maxOf, minOf } from '../../arrays/bounded.js';
import type { SignalName } from '../../gate/signals.js';
import { utcMidnightEpoch } from '../dates.js';
import type { SessionEvidence } from '../evidence/read.js';
import type { SessionScore } from '../scores.js';

/** How a session's friction rate was measured. */
export type RateBasis =
  | 'transcript'
  | 'stored-verdict'
  /** A stored verdict without its per-signal breakdown: the wording signals could not be left out. */
  | 'stored-verdict-with-wording'
  | 'given-size'
  | 'score-only';

/** One scored session as the effect rule compares it. */
export interface SessionRate {
  sessionId: string;
  mtime: number;
  /** Friction per 100 turns, or the plain gate score when no session has a size (`score-only`). */
  rate: number;
  turns: number | undefined;
  basis: RateBasis;
  /**
   * The rate includes the wording signals (S4): the source gave a score without its per-signal breakdown,
   * so they could not be left out. The review lists such sessions instead of counting them silently.
   */
  wordingCounted: boolean;
  evidence: SessionEvidence | undefined;
}

/** The sessions before the trial and during it, with the rate each is compared on. */
export interface TrialSides {
  baseline: SessionRate[];
  during: SessionRate[];
  /** Whether rates are per 100 turns (every session had a size) or plain scores. */
  normalised: boolean;
  /**
   * The sessions compared: those whose size lies where both sides have sessions (all of them when rates
   * are plain scores). Empty on both sides when the sizes do not overlap at all.
   */
  compared: { baseline: SessionRate[]; during: SessionRate[]; turns: [number, number] | null };
}

const per100 = (friction: number, turns: number) => Math.round((friction / turns) * 100 * 10_000) / 10_000;

/**
 * A session's friction per 100 turns, from the best source there is: its transcript (uncapped gate hits
 * over user and assistant entries, the signals a rule's wording could move left out: see
 * COUNTED_SIGNALS), else its stored verdict over the stored line count (the transcript is
 * gone; lines slightly over-count turns; the wording signals left out through the stored per-signal
 * counts when the row has them), else a size given with the score. Undefined without a size.
 */
function rateOf(row: SessionScore & { score: number }, evidence: SessionEvidence | undefined) {
  if (evidence !== undefined && evidence.turns > 0)
    return {
      rate: per100(evidence.countedFriction, evidence.turns),
      turns: evidence.turns,
      basis: 'transcript' as const,
    };
  if (row.lines !== undefined && row.lines > 0)
    return row.countedScore === undefined
      ? {
          rate: per100(row.score, row.lines),
          turns: row.lines,
          basis: 'stored-verdict-with-wording' as const,
        }
      : { rate: per100(row.countedScore, row.lines), turns: row.lines, basis: 'stored-verdict' as const };
  if (row.turns !== undefined && row.turns > 0)
    return { rate: per100(row.score, row.turns), turns: row.turns, basis: 'given-size' as const };
  return undefined;
}

/**
 * Splits the scored, dated sessions at the trial's start day (midnight UTC, as the seed rule does) and gives
 * each its rate. When any session has no size at all (a scores file without a turns column), every
 * session is compared on its plain score instead, so that one unit holds on both sides.
 */
export function trialSides(
  start: string,
  sessions: readonly SessionScore[],
  evidence: ReadonlyMap<string, SessionEvidence | undefined>,
): TrialSides {
  const startEpoch = utcMidnightEpoch(start) ?? 0;
  const scored = sessions.filter(
    (s): s is SessionScore & { score: number; mtime: number } =>
      s.score !== undefined && s.mtime !== undefined,
  );
  const sized = scored.map((row) => ({
    row,
    ev: evidence.get(row.sessionId),
    size: rateOf(row, evidence.get(row.sessionId)),
  }));
  const normalised = sized.every((s) => s.size !== undefined);
  const rates: SessionRate[] = sized.map(({ row, ev, size }) => {
    const basis: RateBasis = normalised && size ? size.basis : 'score-only';
    const plain = row.countedScore ?? row.score;
    return {
      sessionId: row.sessionId,
      mtime: row.mtime,
      rate: normalised && size ? size.rate : plain,
      turns: size?.turns,
      basis,
      wordingCounted:
        basis === 'stored-verdict-with-wording' ||
        ((basis === 'given-size' || basis === 'score-only') && row.countedScore === undefined),
      evidence: ev,
    };
  });
  const baseline = rates.filter((r) => r.mtime < startEpoch);
  const during = rates.filter((r) => r.mtime >= startEpoch);
  return { baseline, during, normalised, compared: commonSizes(baseline, during, normalised) };
}

/** A session's weighted hits of one signal per 100 turns; undefined without its transcript. */
export function signalRate(rate: SessionRate, signal: SignalName): number | undefined {
  const { evidence } = rate;
  if (evidence === undefined || evidence.turns <= 0) return undefined;
  return per100(evidence.weighted[signal], evidence.turns);
}

/** Two sessions are of comparable size when neither is more than this many times the other's. */
const SIZE_CALIPER = 2;

/**
 * The sessions of each side that have a session of comparable size (within a factor SIZE_CALIPER) on the
 * other side. Per-turn rates take the session length out of signals that grow in step with it, but not
 * out of those that need a file edited in three separate requests or a request re-sent: those grow faster
 * than a session does, so sessions of very different sizes are not compared at all. That keeps "the
 * sessions got much shorter" from passing for an effect, while the extra turns friction itself costs (a
 * rough session is a longer one) stay within the caliper. `turns` is the range of compared sizes.
 */
function commonSizes(
  baseline: SessionRate[],
  during: SessionRate[],
  normalised: boolean,
): TrialSides['compared'] {
  if (!normalised || baseline.length === 0 || during.length === 0) return { baseline, during, turns: null };
  const size = (r: SessionRate) => r.turns ?? 0;
  const matched = (side: SessionRate[], other: SessionRate[]) =>
    side.filter((r) =>
      other.some((o) => size(o) * SIZE_CALIPER >= size(r) && size(r) * SIZE_CALIPER >= size(o)),
    );
  const compared = { baseline: matched(baseline, during), during: matched(during, baseline) };
  const sizes = [...compared.baseline, ...compared.during].map(size);
  return { ...compared, turns: sizes.length === 0 ? null : [minOf(sizes), maxOf(sizes)] };
}
