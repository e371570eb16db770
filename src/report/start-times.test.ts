import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../store/open.js';
import type { SessionRecord } from '../store/types.js';
import { buildReport } from './model.js';
import { renderReportHtml } from './render.js';
import { storedSession, storeWith } from './test-support/records.js';
import { WEEKLY_CHART_LIMIT } from './weekly.js';

const NOW = new Date('2026-11-01T00:00:00Z');

/** A stored session whose transcript began with `firstTimestamp`, its file last written at `fileTime`. */
function withStart(sessionId: string, firstTimestamp: string | undefined, fileTime: string): SessionRecord {
  const record = storedSession({ sessionId, signals: { S1: 2 } });
  return { ...record, firstTimestamp, lastTimestamp: firstTimestamp, mtimeMs: Date.parse(fileTime) };
}

describe('report start times', () => {
  let store: SessionStore;
  afterEach(() => store.close());

  it('uses the file time for a start that does not parse, is far in the future or far in the past, and counts them', () => {
    store = storeWith(
      withStart('good', '2026-10-06T10:00:00.000Z', '2026-10-06T11:00:00.000Z'),
      withStart('words', 'yesterday', '2026-10-07T09:00:00.000Z'),
      withStart('future', '9999-01-01T00:00:00.000Z', '2026-10-08T09:00:00.000Z'),
      withStart('past', '1999-12-31T23:00:00.000Z', '2026-10-13T09:00:00.000Z'),
      withStart('no zone', '2026-10-06T10:00:00', '2026-10-14T09:00:00.000Z'),
      withStart('none', undefined, '2026-10-15T09:00:00.000Z'),
    );
    const model = buildReport(store, { threshold: 5, now: NOW });
    expect(model.summary).toMatchObject({
      sessions: 6,
      firstStart: '2026-10-06T10:00:00.000Z',
      lastStart: '2026-10-15T09:00:00.000Z',
      startsFromFile: { sessions: 5, subAgentTranscripts: 0 },
    });
    expect(model.weekly.weeks).toEqual(['2026-10-05', '2026-10-12']);
    expect(model.weekly.series[0]?.sessions).toEqual([3, 3]);
    const starts = Object.fromEntries(model.topFlagged.map((f) => [f.sessionId, [f.start, f.startFromFile]]));
    expect(starts).toEqual({
      good: ['2026-10-06T10:00:00.000Z', false],
      words: ['2026-10-07T09:00:00.000Z', true],
      future: ['2026-10-08T09:00:00.000Z', true],
      past: ['2026-10-13T09:00:00.000Z', true],
      'no zone': ['2026-10-14T09:00:00.000Z', true],
      none: ['2026-10-15T09:00:00.000Z', true],
    });
    const html = renderReportHtml(model, '/* chart */');
    expect(html).toContain('5 sessions had no usable start time; their file time was used.');
    expect(html).toContain('2026-10-07 09:00 UTC (file time)');
  });

  it('refuses a start more than a day after the newest file, or more than a day after now', () => {
    store = storeWith(
      withStart('ahead of files', '2026-10-20T10:00:00.000Z', '2026-10-10T00:00:00.000Z'),
      withStart('within a day', '2026-10-10T20:00:00.000Z', '2026-10-09T00:00:00.000Z'),
    );
    const early = buildReport(store, { threshold: 5, now: new Date('2026-10-10T12:00:00Z') });
    const fromFile = Object.fromEntries(early.topFlagged.map((f) => [f.sessionId, f.startFromFile]));
    expect(fromFile).toEqual({ 'within a day': false, 'ahead of files': true });
    const later = buildReport(store, { threshold: 5, now: new Date('2026-10-09T12:00:00Z') });
    expect(later.summary.startsFromFile.sessions).toBe(2);
  });

  it('counts sub-agent transcripts apart', () => {
    const agent = storedSession({
      sessionId: 'p',
      parentSessionId: 'p',
      agentId: 'agent-1',
      signals: { S1: 2 },
    });
    store = storeWith(withStart('p', '2026-10-06T10:00:00.000Z', '2026-10-06T11:00:00.000Z'), {
      ...agent,
      firstTimestamp: 'soon',
    });
    const model = buildReport(store, { threshold: 5, now: NOW });
    expect(model.summary.startsFromFile).toEqual({ sessions: 0, subAgentTranscripts: 1 });
    expect(renderReportHtml(model, '')).toContain(
      '1 sub-agent transcript had no usable start time; their file time was used.',
    );
  });

  it('bounds the weekly span when a file time stands decades away, and says what it left out', () => {
    store = storeWith(
      withStart('recent', '2026-10-06T10:00:00.000Z', '2026-10-06T11:00:00.000Z'),
      withStart('restored', 'yesterday', '1970-01-01T00:00:01.000Z'),
    );
    const model = buildReport(store, { threshold: 5, now: NOW });
    expect(model.weekly.weeks).toHaveLength(WEEKLY_CHART_LIMIT);
    expect(model.weekly.weeks.at(-1)).toBe('2026-10-05');
    expect(model.weekly.leftOut).toBe(1);
    expect(model.weekly.series[0]?.sessions.reduce((a, b) => a + b, 0)).toBe(1);
    expect(model.summary.sessions).toBe(2);
    const html = renderReportHtml(model, '');
    expect(html).toContain(
      `The chart spans at most ${WEEKLY_CHART_LIMIT} weeks: 1 session that started before ${model.weekly.weeks[0]} is left out of it`,
    );
    expect(html.length).toBeLessThan(50_000);
  });
});
