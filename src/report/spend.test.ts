import { describe, expect, it } from 'vitest';
import { bundledPriceTable } from '../cost/price-table.js';
import type { SessionUsage } from '../cost/session-usage.js';
import { countSignals } from '../store/open.js';
import { sessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import { spendReport } from './spend.js';

const verdict = { score: 0, passed: false, threshold: 5, signals: [] };
const tokens = (input: number, output: number) => ({
  input,
  output,
  cache_write: 0,
  cache_read: 0,
  cache_write_1h: 0,
});

function record(id: string, project: string, start: string, usage: SessionUsage | undefined): SessionRecord {
  return {
    path: `/p/${id}.jsonl`,
    size: 10,
    mtimeMs: Date.parse(start),
    host: 'claude-code',
    sessionId: id,
    parentSessionId: undefined,
    agentId: undefined,
    project,
    firstTimestamp: start,
    lastTimestamp: start,
    lines: 3,
    gateVersion: 1,
    verdict,
    signalCounts: countSignals(verdict),
    gone: false,
    scannedAt: start,
    ledgerStale: false,
    gateProfile: 'calibrated',
    usage,
  };
}

// Claude Sonnet 4.6: $3 input, $15 output per million tokens.
const used = (friction: number): SessionUsage => ({
  version: 1,
  firstAt: '2026-10-05T09:00:00.000Z',
  entries: [
    { model: 'claude-sonnet-4-6', band: 0, signal: null, calls: 1, tokens: tokens(1_000_000, 0) },
    { model: 'claude-sonnet-4-6', band: 0, signal: 'S2', calls: 1, tokens: tokens(0, friction) },
  ],
});

describe('the report’s spend', () => {
  it('sums spend and friction spend per week and project, ranks sessions by friction spend, and leaves out what it cannot price', () => {
    const records = [
      record('a', '-home-ada-shop', '2026-10-05T09:00:00.000Z', used(1_000_000)),
      record('b', '-home-ada-shop', '2026-10-13T09:00:00.000Z', used(0)),
      record('c', '-home-ada-notes', '2026-10-06T09:00:00.000Z', used(2_000_000)),
      record('d', '-home-ada-notes', '2026-10-06T10:00:00.000Z', undefined),
      record('e', '-home-ada-notes', '2026-10-06T11:00:00.000Z', {
        version: 1,
        firstAt: null,
        entries: [{ model: 'unknown-model', band: 0, signal: null, calls: 1, tokens: tokens(5, 5) }],
      }),
    ];
    const spend = spendReport(
      records,
      sessionStarts(records, new Date('2026-11-01')),
      bundledPriceTable(),
      (p) => p,
    )!;
    expect(spend.total).toMatchObject({
      sessions: 4,
      priced: 3,
      costUsd: 18 + 3 + 33,
      frictionUsd: 15 + 30,
    });
    expect(spend.withoutUsage).toBe(1);
    expect(spend.unpriced).toBe(1);
    expect(spend.byWeek.map((w) => [w.key, w.costUsd, w.frictionUsd])).toEqual([
      ['2026-10-05', 18 + 33, 45],
      ['2026-10-12', 3, 0],
    ]);
    expect(spend.byProject.map((p) => p.key)).toEqual(['-home-ada-notes', '-home-ada-shop']);
    expect(spend.topByFriction.map((s) => [s.sessionId, s.frictionUsd])).toEqual([
      ['c', 30],
      ['a', 15],
    ]);
  });

  it('is absent when no session records usage', () => {
    const records = [record('d', 'x', '2026-10-06T10:00:00.000Z', undefined)];
    expect(
      spendReport(records, sessionStarts(records, new Date()), bundledPriceTable(), (p) => p),
    ).toBeUndefined();
  });
});
