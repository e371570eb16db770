import type { SessionRecord } from '../store/types.js';

const DAY_MS = 86_400_000;

/** No session a report shows can have started before this: Claude Code did not exist yet. */
export const EARLIEST_USABLE_START = '2020-01-01T00:00:00.000Z';

/**
 * An instant as transcripts write it: a date, a time and a zone. Anything looser (`yesterday`, a bare
 * year, a time without its zone, read in the local zone) would make the report depend on the machine.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** When each session started, as a report shows it. */
export interface SessionStarts {
  /** The session's start, an ISO instant in UTC. */
  startOf(record: SessionRecord): string;
  /** The transcript gave no usable start time, so its file's modification time stands in for it. */
  fromFile(record: SessionRecord): boolean;
}

/**
 * Start times checked against what can be true. A transcript's first timestamp is untrusted text: one that
 * does not parse, or lies before 2020 or more than a day after both the newest file time among `records`
 * and `now`, is not used, and the file's modification time (which the store keeps) stands in for it.
 */
export function sessionStarts(records: readonly SessionRecord[], now: Date): SessionStarts {
  const newestFile = records.reduce((newest, r) => Math.max(newest, r.mtimeMs), Number.NEGATIVE_INFINITY);
  const earliest = Date.parse(EARLIEST_USABLE_START);
  const latest = Math.min(newestFile, now.getTime()) + DAY_MS;
  const usable = (record: SessionRecord): number | undefined => {
    const text = record.firstTimestamp;
    if (text === undefined || !ISO_INSTANT.test(text)) return undefined;
    const instant = Date.parse(text);
    return instant >= earliest && instant <= latest ? instant : undefined;
  };
  return {
    startOf: (record) => new Date(usable(record) ?? record.mtimeMs).toISOString(),
    fromFile: (record) => usable(record) === undefined,
  };
}
