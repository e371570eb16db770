import { describe, expect, it } from 'vitest';
import { storedSession } from '../report/test-support/records.js';
import { openStore } from './open.js';
import { activeWithin, sessionStarts } from './session-starts.js';
import type { SessionRecord } from './types.js';

const NOW = new Date('2026-11-01T00:00:00Z');

function dated(
  sessionId: string,
  first: string | undefined,
  last: string | undefined,
  fileTime: string,
): SessionRecord {
  return {
    ...storedSession({ sessionId }),
    firstTimestamp: first,
    lastTimestamp: last,
    mtimeMs: Date.parse(fileTime),
  };
}

describe('session starts', () => {
  const offset = dated(
    'offset',
    '2026-10-01T01:00:00+02:00',
    '2026-10-01T01:30:00+02:00',
    '2026-10-01T00:00:00Z',
  );
  const words = dated('words', 'yesterday', 'tomorrow', '2026-10-10T12:00:00Z');
  const badEnd = dated('bad end', '2026-10-08T09:00:00.000Z', '9999-01-01T00:00:00Z', '2026-10-08T10:00:00Z');
  const lateStart = dated(
    'late start',
    '2026-10-08T09:00:00Z',
    '2026-10-01T09:00:00Z',
    '2026-10-08T08:00:00Z',
  );
  const starts = sessionStarts([offset, words, badEnd, lateStart], NOW);

  it('reads an offset as the instant it names, and words or a far-future end as the file time', () => {
    expect(starts.startOf(offset)).toBe('2026-09-30T23:00:00.000Z');
    expect(starts.endMs(offset)).toBe(Date.parse('2026-09-30T23:30:00Z'));
    expect(starts.fromFile(words)).toBe(true);
    expect(starts.startOf(words)).toBe('2026-10-10T12:00:00.000Z');
    expect(starts.endMs(words)).toBe(Date.parse('2026-10-10T12:00:00Z'));
    expect(starts.endMs(badEnd)).toBe(Date.parse('2026-10-08T10:00:00Z'));
    expect(starts.endMs(lateStart)).toBe(starts.startMs(lateStart));
  });

  it('keeps a session by instants, and refuses a bound that is not a date', () => {
    expect(activeWithin('2026-10-01T00:00:00.000Z', undefined, starts)(offset)).toBe(false);
    expect(activeWithin(undefined, '2026-09-30T23:59:59.999Z', starts)(offset)).toBe(true);
    expect(activeWithin('2026-10-11T00:00:00.000Z', undefined, starts)(words)).toBe(false);
    expect(activeWithin(undefined, '2026-10-10T12:00:00.000Z', starts)(words)).toBe(true);
    expect(() => activeWithin('last week', undefined, starts)).toThrow(/since is not a date: "last week"/);
  });

  it("filters the store's listSessions the same way, newest start first", () => {
    const store = openStore(':memory:');
    try {
      store.upsertSession(offset, words, badEnd);
      expect(store.listSessions().map((r) => r.sessionId)).toEqual(['words', 'bad end', 'offset']);
      expect(store.listSessions({ until: '2026-09-30T23:59:59.999Z' }).map((r) => r.sessionId)).toEqual([
        'offset',
      ]);
      expect(store.listSessions({ since: '2026-10-09T00:00:00.000Z' }).map((r) => r.sessionId)).toEqual([
        'words',
      ]);
    } finally {
      store.close();
    }
  });
});
