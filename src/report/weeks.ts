const DAY_MS = 86_400_000;

/**
 * The Monday (UTC) of the week holding `instant`, as `YYYY-MM-DD`. Weeks start on Monday, as ISO weeks do,
 * and in UTC so that a report reads the same wherever it is made.
 */
export function weekOf(instant: string): string {
  const day = new Date(instant);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday `count` weeks before the Monday `week` (`YYYY-MM-DD`). */
export function weeksBefore(week: string, count: number): string {
  return new Date(Date.parse(`${week}T00:00:00Z`) - count * 7 * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Every week from `first` to `last` (Mondays, inclusive): quiet weeks are kept as gaps on the time axis
 * rather than dropped, so that a chart does not draw two distant weeks side by side.
 */
export function weeksBetween(first: string, last: string): string[] {
  const weeks: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 7 * DAY_MS) {
    weeks.push(new Date(t).toISOString().slice(0, 10));
  }
  return weeks;
}
