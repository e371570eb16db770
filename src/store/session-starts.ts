import type { SessionRecord } from './types.js';

const DAY_MS = 86_400_000;

/** No session can have started before this: Claude Code did not exist yet. */
export const EARLIEST_USABLE_START = '2020-01-01T00:00:00.000Z';

/**
 * An instant as transcripts write it: a date, a time and a zone. Anything looser (`yesterday`, a bare
 * year, a time without its zone, read in the local zone) would make what is shown depend on the machine.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** When each session started and was last active, as scan, its filters and the report all read them. */
export interface SessionStarts {
  /** The session's start, an ISO instant in UTC. */
  startOf(record: SessionRecord): string;
  /** The session's start in epoch milliseconds. */
  startMs(record: SessionRecord): number;
  /** The session's last activity in epoch milliseconds (never before its start). */
  endMs(record: SessionRecord): number;
  /** The transcript gave no usable start time, so its file's modification time stands in for it. */
  fromFile(record: SessionRecord): boolean;
}

/** The newest file modification time among `records` (-Infinity for none). */
function newestFileTime(records: readonly SessionRecord[]): number {
  return records.reduce((newest, r) => Math.max(newest, r.mtimeMs), Number.NEGATIVE_INFINITY);
}

/**
 * Start times checked against what can be true. A transcript's timestamps are untrusted text: one that is
 * not an ISO instant with a zone, or lies before 2020 or more than a day after either the newest file time
 * among `records` or `now`, is not used. The file's modification time (which the store keeps) stands in
 * for an unusable first timestamp, and for an unusable last one. Instants are compared as instants, so
 * `+02:00` and `Z` forms of one moment are one moment.
 */
export function sessionStarts(records: readonly SessionRecord[], now: Date): SessionStarts {
  return sessionStartsBounded(newestFileTime(records), now);
}

/** sessionStarts, given the newest file time of the records it will be asked about. */
export function sessionStartsBounded(newestFileMs: number, now: Date): SessionStarts {
  const earliest = Date.parse(EARLIEST_USABLE_START);
  const latest = Math.min(newestFileMs, now.getTime()) + DAY_MS;
  // Sorting a thousand sessions by start asks for each one's start a dozen times: each text is judged once.
  const judged = new Map<string, number | undefined>();
  const usable = (text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    if (judged.has(text)) return judged.get(text);
    let instant: number | undefined;
    if (ISO_INSTANT.test(text)) {
      const parsed = Date.parse(text);
      if (parsed >= earliest && parsed <= latest) instant = parsed;
    }
    judged.set(text, instant);
    return instant;
  };
  const startMs = (record: SessionRecord) => usable(record.firstTimestamp) ?? record.mtimeMs;
  return {
    startOf: (record) => new Date(startMs(record)).toISOString(),
    startMs,
    endMs: (record) => Math.max(startMs(record), usable(record.lastTimestamp) ?? record.mtimeMs),
    fromFile: (record) => usable(record.firstTimestamp) === undefined,
  };
}

/** An ISO instant bound (`--since`/`--until`) in epoch milliseconds; anything else is refused, not guessed. */
function boundMs(bound: string, name: string): number {
  const ms = Date.parse(bound);
  if (Number.isNaN(ms)) throw new RangeError(`${name} is not a date: ${JSON.stringify(bound)}`);
  return ms;
}

/**
 * Whether a session was active at or after `since` (its last activity) and had started at or before
 * `until` (its start), both read by `starts`. An absent bound holds for every session.
 */
export function activeWithin(
  since: string | undefined,
  until: string | undefined,
  starts: SessionStarts,
): (record: SessionRecord) => boolean {
  const from = since === undefined ? Number.NEGATIVE_INFINITY : boundMs(since, 'since');
  const to = until === undefined ? Number.POSITIVE_INFINITY : boundMs(until, 'until');
  return (record) => starts.endMs(record) >= from && starts.startMs(record) <= to;
}
