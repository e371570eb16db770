import { describe, expect, it } from 'vitest';
import type { SessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import { survivalMeasureOrder } from './survival.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 30);

/** Records named by path; each one's start and end are given in days before NOW. */
function sessions(spans: Record<string, [start: number, end: number]>) {
  const records = Object.keys(spans).map((path) => ({ path }) as SessionRecord);
  const starts: SessionStarts = {
    startOf: (r) => new Date(NOW - spans[r.path]![0] * DAY).toISOString(),
    startMs: (r) => NOW - spans[r.path]![0] * DAY,
    endMs: (r) => NOW - spans[r.path]![1] * DAY,
    fromFile: () => false,
  };
  return { records, starts };
}

describe('survivalMeasureOrder', () => {
  it('measures the sessions that have lived the N days first, newest of them first, then the younger ones', () => {
    const { records, starts } = sessions({
      young: [3, 2],
      old: [40, 39],
      older: [60, 59],
      recent: [20, 15],
      youngest: [1, 0],
    });
    const order = survivalMeasureOrder(records, starts, 14, NOW).map((r) => r.path);
    expect(order).toEqual(['recent', 'old', 'older', 'youngest', 'young']);
    expect(records.map((r) => r.path)[0]).toBe('young');
  });
});
