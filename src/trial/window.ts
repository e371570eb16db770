import { utcMidnightEpoch } from './dates.js';

/** A review window: a number of sessions since the start, or a number of whole days. */
export type ReviewWindow = { unit: 'sessions'; count: number } | { unit: 'days'; count: number };

/** Reads `N-sessions` or `D-days`; undefined for anything else. */
export function parseReviewAfter(reviewAfter: string): ReviewWindow | undefined {
  const match = /^(\d+)-(sessions|days)$/.exec(reviewAfter);
  if (!match) return undefined;
  return { unit: match[2] as 'sessions' | 'days', count: Number(match[1]) };
}

export interface ElapsedQuery {
  start: string;
  reviewAfter: string;
  /**
   * Modification times (epoch seconds) of the project's sessions; an entry that was not a whole number is
   * undefined and never counts. Undefined as a whole when no list was given: a sessions window is then
   * never elapsed.
   */
  sessionMtimes?: readonly (number | undefined)[] | undefined;
  /** `YYYY-MM-DD`, UTC. */
  today: string;
}

/** Where a trial stands against its window: how far it has come and whether it is over. */
export interface ElapsedAnswer {
  ok: true;
  elapsed: boolean;
  window: ReviewWindow;
  /** Sessions on or after the start day, or whole days since it. */
  progress: number;
}

export type ElapsedResult = ElapsedAnswer | { ok: false; reason: string };

/**
 * Decides whether a trial's review window is over. `N-sessions` counts sessions whose mtime is on or after
 * the start day's midnight UTC; `D-days` compares whole days between the start day and today.
 */
export function isTrialElapsed(query: ElapsedQuery): ElapsedResult {
  const window = parseReviewAfter(query.reviewAfter);
  if (!window) {
    return { ok: false, reason: `review-after must be N-sessions or D-days, got '${query.reviewAfter}'` };
  }
  if (window.unit === 'sessions') {
    if (query.sessionMtimes === undefined) return { ok: true, elapsed: false, window, progress: 0 };
    const startEpoch = utcMidnightEpoch(query.start);
    if (startEpoch === undefined) return { ok: false, reason: `bad start date: ${query.start}` };
    const since = query.sessionMtimes.filter((m) => m !== undefined && m >= startEpoch).length;
    return { ok: true, elapsed: since >= window.count, window, progress: since };
  }
  const startEpoch = utcMidnightEpoch(query.start);
  if (startEpoch === undefined) return { ok: false, reason: `bad start date: ${query.start}` };
  const todayEpoch = utcMidnightEpoch(query.today);
  if (todayEpoch === undefined) return { ok: false, reason: `bad date for today: ${query.today}` };
  const days = Math.trunc((todayEpoch - startEpoch) / 86_400);
  return { ok: true, elapsed: days >= window.count, window, progress: days };
}

/** Reads a list of epoch seconds, one a line; lines that are not whole numbers count as unknown. */
export function parseMtimeLines(text: string): (number | undefined)[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => (/^\d+$/.test(line) ? Number(line) : undefined));
}
