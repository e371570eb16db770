import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportFailedError } from '../../../errors/errors.js';
import { exportOtlp } from '../../../export/otlp.js';
import { ruleTextHash } from '../../../export/rule-hash.js';
import { runCli } from '../../../test-support/cli.js';
import { type LocalServer, startLocalServer } from '../../../test-support/http.js';
import { writeSessionFile } from '../../../test-support/session-files.js';
import { tempDir } from '../../../test-support/temp-dir.js';
import { recordTrialDecision } from '../../../trial/history.js';

// OTLP/JSON as the protocol defines it (opentelemetry-proto, JSON encoding): what the receiver decodes.
interface KeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string | number; doubleValue?: number };
}
interface NumberPoint {
  attributes: KeyValue[];
  asInt?: string | number;
  asDouble?: number;
}
interface Metric {
  name: string;
  gauge?: { dataPoints: NumberPoint[] };
  histogram?: { dataPoints: (NumberPoint & { count: string | number; sum: number })[] };
}
interface MetricsRequest {
  resourceMetrics: { resource: { attributes: KeyValue[] }; scopeMetrics: { metrics: Metric[] }[] }[];
}
interface LogsRequest {
  resourceLogs: {
    scopeLogs: {
      logRecords: { eventName?: string; body: { stringValue: string }; attributes: KeyValue[] }[];
    }[];
  }[];
}

const attr = (list: KeyValue[], key: string) => {
  const v = list.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? v?.doubleValue : Number(v.intValue));
};
/** The collector's base URL (the local server's own path is a webhook's, not ours). */
const origin = (server: LocalServer) => new URL(server.url).origin;
const pointValue = (p: NumberPoint) => Number(p.asInt ?? p.asDouble);

function fixture() {
  const dir = tempDir('retrospect-otlp-');
  const projects = join(dir, 'projects');
  for (const rejections of [2, 2, 1, 0])
    writeSessionFile(join(projects, '-home-ada-code-shop'), {
      rejections,
      firstPrompt: 'Move the invoice exporter to the new ledger API',
    });
  const env = {
    HOME: dir,
    RETROSPECT_DATA_DIR: join(dir, 'data'),
    RETROSPECT_MACHINE: 'ada-laptop',
    FRICTION_LEDGER: join(dir, 'no-ledger.jsonl'),
    CLAUDE_CONFIG_DIR: join(dir, 'claude'),
  };
  return { dir, projects, env, store: join(dir, 'store.sqlite') };
}

describe('retrospect export otlp', () => {
  let collector: LocalServer | undefined;
  afterEach(async () => collector?.close());

  it('sends metrics and trial decisions over OTLP/HTTP to a collector that decodes them', async () => {
    collector = await startLocalServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    const f = fixture();
    expect((await runCli(['scan', f.projects, '--store', f.store, '--json'], { env: f.env })).code).toBe(0);
    const checkout = join(f.dir, 'checkout');
    const directive = 'Run the migration dry-run before applying it';
    recordTrialDecision(checkout, {
      agent: 'ic5',
      directive,
      source: 'sess#a1',
      trial_start: '2026-10-01',
      baseline: { mean: 6.5, n: 12, sessions: [] },
      in_trial: { mean: 2.25, n: 14, sessions: [] },
      decision: 'KEEP',
      decided_by: 'auto',
    });
    const run = await runCli(
      [
        'export',
        'otlp',
        '--endpoint',
        origin(collector),
        '--store',
        f.store,
        '--mroot',
        checkout,
        '--header',
        'x-api-key=k1',
      ],
      { env: f.env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('sent metrics of 4 sessions');

    const metricsPost = collector.received.find((r) => r.url === '/v1/metrics');
    expect(metricsPost?.headers['content-type']).toContain('application/json');
    expect(metricsPost?.headers['x-api-key']).toBe('k1');
    const metrics = JSON.parse(metricsPost?.body ?? '{}') as MetricsRequest;
    const resource = metrics.resourceMetrics[0]!;
    expect(attr(resource.resource.attributes, 'service.name')).toBe('retrospect');
    expect(attr(resource.resource.attributes, 'host.name')).toBe('ada-laptop');
    const byName = new Map(resource.scopeMetrics.flatMap((s) => s.metrics).map((m) => [m.name, m]));
    const sessions = byName.get('retrospect.sessions')!.gauge!.dataPoints;
    expect(
      sessions.map((p) => [attr(p.attributes, 'project'), attr(p.attributes, 'host.name'), pointValue(p)]),
    ).toEqual([['-home-ada-code-shop', 'ada-laptop', 4]]);
    expect(pointValue(byName.get('retrospect.sessions.flagged')!.gauge!.dataPoints[0]!)).toBe(2);
    const s1 = byName
      .get('retrospect.signals')!
      .gauge!.dataPoints.find((p) => attr(p.attributes, 'signal') === 'S1');
    // Two push-backs reach S1's cap of 3 (score 9); one is 1 (score 3).
    expect(pointValue(s1!)).toBe(3 + 3 + 1);
    const histogram = byName.get('retrospect.friction_score')!.histogram!.dataPoints[0]!;
    expect([Number(histogram.count), histogram.sum]).toEqual([4, 9 + 9 + 3 + 0]);

    const logsPost = collector.received.find((r) => r.url === '/v1/logs');
    const logs = JSON.parse(logsPost?.body ?? '{}') as LogsRequest;
    const [decision] = logs.resourceLogs[0]!.scopeLogs[0]!.logRecords;
    expect(decision?.eventName).toBe('retrospect.trial.decision');
    expect(attr(decision!.attributes, 'retrospect.trial.decision')).toBe('KEEP');
    expect(attr(decision!.attributes, 'retrospect.rule.hash')).toBe(ruleTextHash(directive));
    expect(attr(decision!.attributes, 'retrospect.trial.in_trial.n')).toBe(14);
    // No text leaves the machine: neither the transcripts' nor the rule's.
    for (const body of collector.received.map((r) => r.body)) {
      expect(body).not.toContain('invoice');
      expect(body).not.toContain('dry-run');
      expect(body).not.toContain(f.dir);
    }
  });

  it('scan --otlp-endpoint sends what it scanned; a collector that refuses is one error line', async () => {
    collector = await startLocalServer((_req, res) => res.writeHead(200).end('{}'));
    const f = fixture();
    const run = await runCli(['scan', f.projects, '--store', f.store, '--otlp-endpoint', origin(collector)], {
      env: f.env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(collector.received.map((r) => r.url)).toEqual(['/v1/metrics']);
    await collector.close();
    collector = await startLocalServer((_req, res) => res.writeHead(400).end('{"message":"bad"}'));
    const refused = await runCli(['export', 'otlp', '--endpoint', origin(collector), '--store', f.store], {
      env: f.env,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain(`OTLP export of metrics to ${origin(collector)}/v1/metrics failed`);
    expect(refused.stderr).toContain('400');
  });

  it('keeps an endpoint query token out of every message, and puts /v1/metrics before the query', async () => {
    collector = await startLocalServer((_req, res) => res.writeHead(401).end('{"message":"who?"}'));
    const f = fixture();
    const endpoint = `${origin(collector)}/?token=collector-s3cret`;
    const run = await runCli(['scan', f.projects, '--store', f.store, '--otlp-endpoint', endpoint], {
      env: f.env,
    });
    expect(collector.received.map((r) => r.url)).toEqual(['/v1/metrics?token=collector-s3cret']);
    expect(run.stderr).toContain(
      `OTLP export of metrics to ${origin(collector)}/v1/metrics?token=*** failed`,
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain('collector-s3cret');
  });
});

describe('exportOtlp deadlines', () => {
  it('gives up on a collector that drips its answer, in one line, within the request deadline', async () => {
    const timers: NodeJS.Timeout[] = [];
    const dripping = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => res.write(' '), 50);
      timers.push(drip);
      // Bounded: the server stops by itself whatever the client does.
      timers.push(
        setTimeout(() => {
          clearInterval(drip);
          res.end('{}');
        }, 8_000),
      );
    });
    try {
      const started = Date.now();
      const error = await exportOtlp({
        endpoint: `${new URL(dripping.url).origin}/?token=drip-s3cret`,
        records: [],
        machine: 'ada-laptop',
        timeoutMs: 400,
      }).catch((e: unknown) => e as Error);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(error).toBeInstanceOf(ExportFailedError);
      expect((error as Error).message).toBe(
        `OTLP export of metrics to ${new URL(dripping.url).origin}/v1/metrics?token=*** failed: no complete answer within 400 ms`,
      );
    } finally {
      for (const timer of timers) clearTimeout(timer);
      await dripping.close();
    }
  });
});
