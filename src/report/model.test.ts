import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../store/open.js';
import { buildReport } from './model.js';
import { storedSession, storeWith } from './test-support/records.js';

/** A clock after every fixture session, so that their start times are believed whatever the day. */
const NOW = new Date('2026-11-01T00:00:00Z');

function fixtureStore(): SessionStore {
  return storeWith(
    storedSession({ sessionId: 's-a', start: '2026-09-29T10:00:00.000Z', signals: { S1: 3 } }),
    storedSession({ sessionId: 's-b', start: '2026-10-01T10:00:00.000Z', signals: { S2: 1 } }),
    storedSession({ sessionId: 's-c', start: '2026-10-20T10:00:00.000Z', signals: { S3: 2 }, gone: true }),
    storedSession({
      project: '-home-dev-api',
      sessionId: 's-d',
      start: '2026-10-06T08:00:00.000Z',
      signals: { S4: 3, S5: 2 },
    }),
    storedSession({
      project: '-home-dev-api',
      sessionId: 's-d',
      parentSessionId: 's-d',
      agentId: 'agent-x',
      start: '2026-10-06T08:30:00.000Z',
      signals: { S2: 1 },
    }),
    storedSession({
      project: '-home-dev-notes',
      sessionId: 's-e',
      start: '2026-10-07T10:00:00.000Z',
      signals: { S1: 1 },
    }),
    // Retrospect's own analysis run and its sub-agent (which carries no marker of its own): never counted.
    storedSession({
      sessionId: 's-own',
      start: '2026-10-06T10:00:00.000Z',
      signals: { S1: 3 },
      ownRun: true,
    }),
    storedSession({
      sessionId: 's-own',
      parentSessionId: 's-own',
      agentId: 'agent-own',
      start: '2026-10-06T10:10:00.000Z',
      signals: { S4: 3 },
    }),
  );
}

describe('buildReport', () => {
  let store: SessionStore;
  afterEach(() => store.close());

  it('sums sessions, flagged and signals from the store, leaving out own runs and counting sub-agents apart', () => {
    store = fixtureStore();
    const { summary } = buildReport(store, { now: NOW, threshold: 5 });
    expect(summary).toEqual({
      sessions: 5,
      subAgentTranscripts: 1,
      flagged: 3,
      flaggedShare: 0.6,
      flaggedSubAgents: 0,
      gone: 1,
      projects: 3,
      signals: { S1: 4, S2: 2, S3: 2, S4: 3, S5: 2 },
      firstStart: '2026-09-29T10:00:00.000Z',
      lastStart: '2026-10-20T10:00:00.000Z',
      startsFromFile: { sessions: 0, subAgentTranscripts: 0 },
    });
  });

  it('buckets main sessions by the Monday of their start week, keeping quiet weeks as gaps, per project too', () => {
    store = fixtureStore();
    const { weekly } = buildReport(store, { now: NOW, threshold: 5 });
    expect(weekly.weeks).toEqual(['2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19']);
    expect(weekly.series.map((s) => s.project)).toEqual([
      undefined,
      '-home-dev-shop',
      '-home-dev-api',
      '-home-dev-notes',
    ]);
    const [all, shop, api] = weekly.series;
    expect(all).toMatchObject({
      sessions: [2, 2, 0, 1],
      flagged: [1, 1, 0, 1],
      meanScore: [5.5, 4.75, null, 5],
    });
    expect(shop).toMatchObject({
      sessions: [2, 0, 0, 1],
      flagged: [1, 0, 0, 1],
      meanScore: [5.5, null, null, 5],
    });
    expect(api).toMatchObject({ sessions: [0, 1, 0, 0], meanScore: [null, 6.5, null, null] });
  });

  it('aggregates each project (busiest first) and lists the top flagged transcripts by score', () => {
    store = fixtureStore();
    const model = buildReport(store, { now: NOW, threshold: 5 });
    expect(model.projects).toEqual([
      {
        project: '-home-dev-shop',
        sessions: 3,
        flagged: 2,
        meanScore: 5.33,
        signals: { S1: 3, S2: 1, S3: 2, S4: 0, S5: 0 },
      },
      {
        project: '-home-dev-api',
        sessions: 1,
        flagged: 1,
        meanScore: 6.5,
        signals: { S1: 0, S2: 1, S3: 0, S4: 3, S5: 2 },
      },
      {
        project: '-home-dev-notes',
        sessions: 1,
        flagged: 0,
        meanScore: 3,
        signals: { S1: 1, S2: 0, S3: 0, S4: 0, S5: 0 },
      },
    ]);
    expect(model.topFlagged.map((f) => [f.sessionId, f.score, f.gone])).toEqual([
      ['s-a', 9, false],
      ['s-d', 6.5, false],
      ['s-c', 5, true],
    ]);
    expect(model.trials).toBeUndefined();
  });

  it('applies the project, date and threshold choices as retrospect scan does', () => {
    store = fixtureStore();
    const shop = buildReport(store, { now: NOW, threshold: 5, project: 'shop' });
    expect([shop.summary.sessions, shop.projects.map((p) => p.project)]).toEqual([3, ['-home-dev-shop']]);
    const recent = buildReport(store, { now: NOW, threshold: 5, since: '2026-10-05T00:00:00.000Z' });
    expect([recent.summary.sessions, recent.summary.subAgentTranscripts, recent.weekly.weeks[0]]).toEqual([
      3,
      1,
      '2026-10-05',
    ]);
    const early = buildReport(store, { now: NOW, threshold: 5, until: '2026-10-01T23:59:59.999Z' });
    expect(early.summary.sessions).toBe(2);
    const strict = buildReport(store, { now: NOW, threshold: 7 });
    expect([strict.summary.flagged, strict.topFlagged.map((f) => f.sessionId)]).toEqual([1, ['s-a']]);
  });

  it('makes an empty report from an empty store', () => {
    store = storeWith();
    const model = buildReport(store, { threshold: 5, now: NOW });
    expect(model.summary).toMatchObject({ sessions: 0, flagged: 0, flaggedShare: 0, firstStart: undefined });
    expect(model.weekly).toEqual({
      weeks: [],
      leftOut: 0,
      series: [{ project: undefined, sessions: [], flagged: [], meanScore: [] }],
    });
    expect(model.generatedAt).toBe('2026-11-01T00:00:00.000Z');
  });

  it('names a session without a folder, and lists a session stored under two paths once', () => {
    const plain = storedSession({ sessionId: 's-zst', signals: { S1: 3 }, gone: true });
    // Codex compressed the rollout: the plain file's record is gone, the .jsonl.zst one is the session now.
    const compressed = { ...plain, path: `${plain.path}.zst`, gone: false, mtimeMs: plain.mtimeMs + 60_000 };
    const copilot = {
      ...storedSession({ sessionId: 's-old', signals: { S2: 1 } }),
      project: '',
      host: 'copilot' as const,
    };
    store = storeWith(plain, compressed, copilot);
    const model = buildReport(store, { threshold: 5, now: NOW });
    expect(model.topFlagged.map((f) => [f.sessionId, f.gone])).toEqual([['s-zst', false]]);
    expect(model.summary.sessions).toBe(2);
    expect(model.projects.map((p) => [p.project, p.sessions])).toEqual([
      ['-home-dev-shop', 1],
      ['(no folder)', 1],
    ]);
    expect(model.weekly.series.map((s) => s.project)).toEqual([undefined, '-home-dev-shop', '(no folder)']);
  });
});
