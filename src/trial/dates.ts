const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Seconds since the epoch at 00:00:00 UTC of a `YYYY-MM-DD` day, or undefined when the text is not a real
 * calendar day (`2026-02-30` is rejected rather than rolled over into March).
 */
export function utcMidnightEpoch(day: string): number | undefined {
  const match = ISO_DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return undefined;
  }
  return ms / 1000;
}

/** True for a real `YYYY-MM-DD` calendar day. */
export function isIsoDay(day: string): boolean {
  return utcMidnightEpoch(day) !== undefined;
}

/** Today's date in UTC as `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A UTC timestamp to the second, `YYYY-MM-DDTHH:MM:SSZ`, as the decision history records it. */
export function utcSecondStamp(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}
