import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUsage } from '../cost/session-usage.js';
import { countSignals } from '../store/open.js';
import type { SessionRecord } from '../store/types.js';
import { type LocalServer, startLocalServer } from '../test-support/http.js';
import { exportOtlp } from './otlp.js';

// OTLP/JSON as the protocol defines it: what a collector decodes.
interface KeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string | number; doubleValue?: number };
}
interface Point {
  attributes: KeyValue[];
  asDouble?: number;
  asInt?: string | number;
  sum?: number;
  count?: string | number;
}
interface Metric {
  name: string;
  unit?: string;
  gauge?: { dataPoints: Point[] };
  histogram?: { dataPoints: Point[] };
}
const attr = (list: KeyValue[], key: string) => list.find((a) => a.key === key)?.value.stringValue;

const verdict = { score: 0, passed: false, threshold: 5, signals: [] };
const usage: SessionUsage = {
  version: 1,
  firstAt: '2026-10-05T09:00:00.000Z',
  entries: [
    {
      model: 'claude-sonnet-4-6',
      band: 0,
      signal: null,
      calls: 2,
      tokens: { input: 1_000_000, output: 0, cache_write: 0, cache_read: 1_000_000, cache_write_1h: 0 },
    },
    {
      model: 'claude-sonnet-4-6',
      band: 0,
      signal: 'S1',
      calls: 1,
      tokens: { input: 0, output: 1_000_000, cache_write: 0, cache_read: 0, cache_write_1h: 0 },
    },
  ],
};
const record: SessionRecord = {
  path: '/p/a.jsonl',
  size: 1,
  mtimeMs: 1,
  host: 'claude-code',
  sessionId: 'a',
  parentSessionId: undefined,
  agentId: undefined,
  project: '-home-ada-shop',
  firstTimestamp: undefined,
  lastTimestamp: undefined,
  lines: 3,
  gateVersion: 1,
  verdict,
  signalCounts: countSignals(verdict),
  gone: false,
  scannedAt: '2026-10-05T10:00:00.000Z',
  ledgerStale: false,
  gateProfile: 'calibrated',
  usage,
};

describe('OTLP token and cost metrics', () => {
  let collector: LocalServer | undefined;
  afterEach(async () => collector?.close());

  it('sends gen_ai.client.token.usage by model and kind, and the spend and friction spend in USD', async () => {
    collector = await startLocalServer((_req, res) => res.writeHead(200).end('{}'));
    await exportOtlp({ endpoint: new URL(collector.url).origin, records: [record], machine: 'ada-laptop' });
    const body = collector.received.find((r) => r.url === '/v1/metrics')?.body ?? '{}';
    const metrics = (
      JSON.parse(body) as { resourceMetrics: { scopeMetrics: { metrics: Metric[] }[] }[] }
    ).resourceMetrics.flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
    const byName = new Map(metrics.map((m) => [m.name, m]));
    const tokens = byName.get('gen_ai.client.token.usage')!;
    expect(tokens.unit).toBe('{token}');
    const points = tokens.histogram!.dataPoints.map((p) => [
      attr(p.attributes, 'gen_ai.request.model'),
      attr(p.attributes, 'gen_ai.token.type'),
      attr(p.attributes, 'retrospect.token.kind'),
      p.sum,
    ]);
    expect(points).toContainEqual(['claude-sonnet-4-6', 'input', 'input', 1_000_000]);
    expect(points).toContainEqual(['claude-sonnet-4-6', 'input', 'cache_read', 1_000_000]);
    expect(points).toContainEqual(['claude-sonnet-4-6', 'output', 'output', 1_000_000]);
    // Sonnet 4.6: $3 input, $0.30 cache read, $15 output per million tokens.
    const cost = byName.get('retrospect.cost')!.gauge!.dataPoints[0]!;
    expect(byName.get('retrospect.cost')!.unit).toBe('USD');
    expect(cost.asDouble).toBeCloseTo(3 + 0.3 + 15, 6);
    expect(byName.get('retrospect.friction.cost')!.gauge!.dataPoints[0]!.asDouble).toBeCloseTo(15, 6);
  });
});
