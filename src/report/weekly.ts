import type { SessionRecord } from '../store/types.js';
import { isMainSession, meanScore } from './aggregate.js';
import type { WeeklyFriction, WeeklySeries } from './types.js';
import { sessionStart, weekOf, weeksBetween } from './weeks.js';

function seriesFor(project: string | undefined, weeks: string[], sessions: SessionRecord[]): WeeklySeries {
  const byWeek = new Map<string, SessionRecord[]>();
  for (const r of sessions) {
    const week = weekOf(sessionStart(r));
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
 * one per project, in `projectOrder` (busiest first). Every series spans the same weeks.
 */
export function weeklyFriction(
  records: readonly SessionRecord[],
  projectOrder: readonly string[],
): WeeklyFriction {
  const main = records.filter(isMainSession);
  const weekStarts = main.map((r) => weekOf(sessionStart(r))).sort();
  const first = weekStarts[0];
  const last = weekStarts[weekStarts.length - 1];
  const weeks = first === undefined || last === undefined ? [] : weeksBetween(first, last);
  return {
    weeks,
    series: [
      seriesFor(undefined, weeks, main),
      ...projectOrder.map((project) =>
        seriesFor(
          project,
          weeks,
          main.filter((r) => r.project === project),
        ),
      ),
    ],
  };
}
