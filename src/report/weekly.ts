import type { SessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import { isMainSession, meanScore } from './aggregate.js';
import type { WeeklyFriction, WeeklySeries } from './types.js';
import { weekOf, weeksBefore, weeksBetween } from './weeks.js';

/**
 * The most weeks the chart spans (five years), ending at the latest session's week. Start times are checked,
 * but a file time standing in for one can be anything (an archive restored with 1970 dates): without a bound
 * one such session would stretch the axis over decades of empty weeks.
 */
export const WEEKLY_CHART_LIMIT = 260;

function seriesFor(
  project: string | undefined,
  weeks: string[],
  sessions: SessionRecord[],
  weekOfSession: (r: SessionRecord) => string,
): WeeklySeries {
  const byWeek = new Map<string, SessionRecord[]>();
  for (const r of sessions) {
    const week = weekOfSession(r);
    byWeek.set(week, [...(byWeek.get(week) ?? []), r]);
  }
  const rows = weeks.map((week) => byWeek.get(week) ?? []);
  return {
    project,
    sessions: rows.map((r) => r.length),
    flagged: rows.map((r) => r.filter((s) => s.verdict.passed).length),
    meanScore: rows.map((r) => (r.length === 0 ? null : meanScore(r))),
  };
}

/**
 * Main sessions per week by start, with the flagged count and mean score: one series for all projects and
 * one per project, in `projectOrder` (busiest first). Every series spans the same weeks, at most
 * WEEKLY_CHART_LIMIT of them up to the latest session; sessions before the first are counted as left out.
 */
export function weeklyFriction(
  records: readonly SessionRecord[],
  projectOrder: readonly string[],
  starts: SessionStarts,
): WeeklyFriction {
  const main = records.filter(isMainSession);
  const weekOfSession = (r: SessionRecord) => weekOf(starts.startOf(r));
  const weekStarts = main.map(weekOfSession).sort();
  const earliest = weekStarts[0];
  const last = weekStarts[weekStarts.length - 1];
  let weeks: string[] = [];
  let shown: SessionRecord[] = [];
  if (earliest !== undefined && last !== undefined) {
    const limit = weeksBefore(last, WEEKLY_CHART_LIMIT - 1);
    // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as text; Math.max would turn them into NaN.
    const first = earliest < limit ? limit : earliest;
    weeks = weeksBetween(first, last);
    shown = main.filter((r) => weekOfSession(r) >= first);
  }
  return {
    weeks,
    leftOut: main.length - shown.length,
    series: [
      seriesFor(undefined, weeks, shown, weekOfSession),
      ...projectOrder.map((project) =>
        seriesFor(
          project,
          weeks,
          shown.filter((r) => r.project === project),
          weekOfSession,
        ),
      ),
    ],
  };
}
