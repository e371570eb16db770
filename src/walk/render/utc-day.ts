/**
 * The UTC day of a timestamp (`2026-05-04`). Git writes a commit's time in its author's zone
 * (`2026-05-04T23:30:00-07:00` is the 5th in UTC) and sessions write UTC (`…Z`): read as instants, both
 * say the same day for the same moment. Text that is no time is cut to its first ten characters.
 */
export function utcDay(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? timestamp.slice(0, 10) : new Date(ms).toISOString().slice(0, 10);
}

/** Timestamps in time order (as instants, not as text: offsets differ). */
export function byInstant(timestamps: readonly string[]): string[] {
  const at = (t: string) => {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
  };
  return [...timestamps].sort((a, b) => at(a) - at(b) || a.localeCompare(b));
}
