import { utcMidnightEpoch } from '../dates.js';
import type { SessionEvidence } from '../evidence/read.js';
import type { SessionScore } from '../scores.js';

/** How a session's friction rate was measured. */
export type RateBasis = 'transcript' | 'stored-verdict' | 'given-size' | 'score-only';

/** One scored session as the effect rule compares it. */
export interface SessionRate {
  sessionId: string;
  mtime: number;
  /** Friction per 100 turns, or the plain gate score when no session has a size (`score-only`). */
  rate: number;
  turns: number | undefined;
  basis: RateBasis;
  evidence: SessionEvidence | undefined;
}

/** The sessions before the trial and during it, with the rate each is compared on. */
export interface TrialSides {
  baseline: SessionRate[];
  during: SessionRate[];
  /** Whether rates are per 100 turns (every session had a size) or plain scores. */
  normalised: boolean;
}

const per100 = (friction: number, turns: number) => Math.round((friction / turns) * 100 * 10_000) / 10_000;

/**
 * A session's friction per 100 turns, from the best source there is: its transcript (uncapped gate hits
 * over user and assistant entries), else its stored verdict over the stored line count (the transcript is
 * gone; lines slightly over-count turns), else a size given with the score. Undefined without a size.
 */
function rateOf(row: SessionScore & { score: number }, evidence: SessionEvidence | undefined) {
  if (evidence !== undefined && evidence.turns > 0)
    return {
      rate: per100(evidence.friction, evidence.turns),
      turns: evidence.turns,
      basis: 'transcript' as const,
    };
  if (row.lines !== undefined && row.lines > 0)
    return { rate: per100(row.score, row.lines), turns: row.lines, basis: 'stored-verdict' as const };
  if (row.turns !== undefined && row.turns > 0)
    return { rate: per100(row.score, row.turns), turns: row.turns, basis: 'given-size' as const };
  return undefined;
}

/**
 * Splits the scored, dated sessions at the trial's start day (midnight UTC, as the seed does) and gives
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
  const rates: SessionRate[] = sized.map(({ row, ev, size }) => ({
    sessionId: row.sessionId,
    mtime: row.mtime,
    rate: normalised && size ? size.rate : row.score,
    turns: size?.turns,
    basis: normalised && size ? size.basis : 'score-only',
    evidence: ev,
  }));
  return {
    baseline: rates.filter((r) => r.mtime < startEpoch),
    during: rates.filter((r) => r.mtime >= startEpoch),
    normalised,
  };
}
