import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Attributes, Meter } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { sessionCost } from '../cost/session-cost.js';
import { ExportFailedError, InputError } from '../errors/errors.js';
import { SIGNAL_NAMES } from '../gate/signals.js';
import type { TrialDecision } from '../report/types.js';
import { redactUrl, redactUrlIn } from '../safety/url.js';
import type { SessionRecord } from '../store/types.js';
import { VERSION } from '../version.js';
import { ruleTextHash } from './rule-hash.js';

export interface OtlpExportOptions {
  /** The collector's OTLP/HTTP base URL (`http://collector:4318`): metrics go to /v1/metrics, logs to /v1/logs. */
  endpoint: string;
  /** The sessions to count (already filtered and judged against the threshold in force). */
  records: readonly SessionRecord[];
  /** Trial decisions to send as log events. */
  decisions?: readonly TrialDecision[];
  /** The machine a record without one (the embedded store's) was scanned on. */
  machine: string;
  /** Extra HTTP headers (an API key a collector wants). */
  headers?: Record<string, string>;
  /**
   * The deadline of each request, whole: connecting, sending and the collector's complete answer (a
   * collector that drips its reply is given up on, its connection closed). Default 10 s.
   */
  timeoutMs?: number;
  /** Prices for the cost metrics (default: the bundled table; docs/cost.md). */
  prices?: PriceTable;
}

export interface OtlpExportSummary {
  /** Where the metrics went, fit to print (credential query parameters and a password masked). */
  metricsUrl: string;
  /** Where the trial decisions went, fit to print. */
  logsUrl: string;
  sessions: number;
  decisions: number;
}

/** A reader that collects when asked, once: the export is a snapshot of the store, not a running process. */
class SnapshotReader extends MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

function endpointUrl(base: string, signal: 'metrics' | 'logs'): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new InputError(
      `endpoint: expected an http(s) URL of an OTLP/HTTP collector such as http://localhost:4318, got '${redactUrl(base)}'`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InputError(
      `endpoint: expected an http(s) URL of an OTLP/HTTP collector, got '${redactUrl(base)}'`,
    );
  // The signal's path goes on the URL's path, before any query (`http://c/?token=x` → `/v1/metrics?token=x`).
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/${signal}`;
  return url.toString();
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * One request's connection pool, so that a deadline can close its sockets: the SDK's own timeout is reset
 * by every byte, so a collector that drips its answer would hold the export (and the process) open.
 */
function agentFor(url: string): HttpAgent {
  return url.startsWith('https:')
    ? new HttpsAgent({ keepAlive: false })
    : new HttpAgent({ keepAlive: false });
}

/** The collector's answer in a few words: the HTTP status when there was one, else the network error. */
function reasonOf(error: (Error & { code?: unknown }) | undefined, url: string): string {
  if (error === undefined) return 'no reason given';
  const status = typeof error.code === 'number' ? `HTTP ${error.code} ` : '';
  return redactUrlIn(`${status}${error.message}`.split('\n')[0]!, url);
}

/**
 * Sends through an exporter and waits for its verdict, at most `timeoutMs` in all; a failed or late export
 * rejects with one line naming the collector's URL with its secrets masked.
 */
function send<T>(
  exporter: {
    export(items: T, done: (r: { code: number; error?: Error }) => void): void;
    shutdown(): Promise<void>;
  },
  agent: HttpAgent,
  items: T,
  what: string,
  url: string,
  timeoutMs: number,
) {
  const shown = redactUrl(url);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      agent.destroy();
      exporter.shutdown().catch(() => undefined);
      reject(
        new ExportFailedError(
          `OTLP export of ${what} to ${shown} failed: no complete answer within ${timeoutMs} ms`,
        ),
      );
    }, timeoutMs);
    exporter.export(items, (result) => {
      clearTimeout(timer);
      agent.destroy();
      if (result.code === 0) resolve();
      else
        reject(
          new ExportFailedError(`OTLP export of ${what} to ${shown} failed: ${reasonOf(result.error, url)}`),
        );
    });
  });
}

/**
 * Token and cost metrics (docs/cost.md), under the OpenTelemetry semantic conventions for generative AI where
 * they name one: `gen_ai.client.token.usage` (unit `{token}`, one value per session and model and kind;
 * `gen_ai.token.type` is `input` or `output`, and `retrospect.token.kind` tells the input's uncached part from
 * its cache writes and reads) with `gen_ai.request.model`. The conventions name no cost metric: the spend
 * and the friction spend at API prices are `retrospect.cost` and `retrospect.friction.cost` (unit `USD`),
 * per project and machine. Sub-agents' transcripts count (their calls are their own); own runs do not.
 */
function recordUsage(
  meter: Meter,
  records: readonly SessionRecord[],
  machine: string,
  prices: PriceTable,
): void {
  const tokens = meter.createHistogram('gen_ai.client.token.usage', {
    description: 'Tokens used, per session, model and kind, as the transcripts record them',
    unit: '{token}',
  });
  const cost = meter.createGauge('retrospect.cost', { description: 'Spend at API prices', unit: 'USD' });
  const friction = meter.createGauge('retrospect.friction.cost', {
    description: 'Spend at API prices on friction: rejected or corrected work, failing runs, redone edits',
    unit: 'USD',
  });
  const groups = new Map<string, { attributes: Attributes; cost: number; friction: number }>();
  for (const r of records) {
    if (r.ownRun === true || !r.usage?.entries) continue;
    const attributes: Attributes = { project: r.project, 'host.name': r.machine ?? machine };
    if (r.user !== undefined) attributes['user.name'] = r.user;
    const byModel = new Map<string, Record<string, number>>();
    for (const entry of r.usage.entries) {
      const sums = byModel.get(entry.model) ?? { input: 0, output: 0, cache_write: 0, cache_read: 0 };
      for (const kind of ['input', 'output', 'cache_write', 'cache_read'] as const)
        sums[kind]! += entry.tokens[kind];
      byModel.set(entry.model, sums);
    }
    for (const [model, sums] of byModel)
      for (const [kind, count] of Object.entries(sums))
        tokens.record(count, {
          ...attributes,
          'gen_ai.request.model': model,
          'gen_ai.token.type': kind === 'output' ? 'output' : 'input',
          'retrospect.token.kind': kind,
        });
    const priced = sessionCost(r.usage, prices);
    if (priced.cost_usd === null) continue;
    const key = JSON.stringify(attributes);
    const group = groups.get(key) ?? { attributes, cost: 0, friction: 0 };
    groups.set(key, group);
    group.cost += priced.cost_usd;
    group.friction += priced.friction_cost_usd ?? 0;
  }
  for (const group of groups.values()) {
    cost.record(group.cost, group.attributes);
    friction.record(group.friction, group.attributes);
  }
}

/**
 * The friction metrics (sessions, flagged sessions, signal matches, score histogram) per project, machine
 * and user, recorded on `meter`; sub-agents and Retrospect's own runs are left out.
 */
function recordFriction(meter: Meter, records: readonly SessionRecord[], machine: string): void {
  const sessions = meter.createGauge('retrospect.sessions', { description: 'Main sessions in the store' });
  const flagged = meter.createGauge('retrospect.sessions.flagged', {
    description: 'Main sessions at or above the friction threshold',
  });
  const signals = meter.createGauge('retrospect.signals', {
    description: 'Friction signal matches (after caps)',
  });
  const scores = meter.createHistogram('retrospect.friction_score', {
    description: 'Friction score of each main session',
    advice: { explicitBucketBoundaries: [0, 1, 2, 3, 5, 8, 13, 21] },
  });
  const groups = new Map<
    string,
    { attributes: Attributes; sessions: number; flagged: number; signals: Record<string, number> }
  >();
  for (const r of records) {
    // Sub-agents are part of their session; Retrospect's own analysis runs are not the team's work.
    if (r.parentSessionId !== undefined || r.ownRun === true) continue;
    const attributes: Attributes = { project: r.project, 'host.name': r.machine ?? machine };
    if (r.user !== undefined) attributes['user.name'] = r.user;
    const key = JSON.stringify(attributes);
    const group = groups.get(key) ?? { attributes, sessions: 0, flagged: 0, signals: {} };
    groups.set(key, group);
    group.sessions += 1;
    if (r.verdict.passed) group.flagged += 1;
    for (const name of SIGNAL_NAMES) group.signals[name] = (group.signals[name] ?? 0) + r.signalCounts[name];
    scores.record(r.verdict.score, attributes);
  }
  for (const group of groups.values()) {
    sessions.record(group.sessions, group.attributes);
    flagged.record(group.flagged, group.attributes);
    for (const [name, count] of Object.entries(group.signals))
      signals.record(count, { ...group.attributes, signal: name });
  }
}

/**
 * Sends the sessions' friction as OTLP metrics and the trial decisions as OTLP log events, with the
 * OpenTelemetry JS SDK over OTLP/HTTP. Only counts, scores, signal names, project folder names, machine and
 * user names, and rule text hashes leave the machine: no transcript text, no rule text.
 */
export async function exportOtlp(options: OtlpExportOptions): Promise<OtlpExportSummary> {
  const metricsUrl = endpointUrl(options.endpoint, 'metrics');
  const logsUrl = endpointUrl(options.endpoint, 'logs');
  const resource = resourceFromAttributes({
    'service.name': 'retrospect',
    'service.version': VERSION,
    'host.name': options.machine,
  });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const exporterConfig = { headers: options.headers ?? {}, timeoutMillis: timeoutMs };

  const reader = new SnapshotReader();
  const meters = new MeterProvider({ resource, readers: [reader] });
  const meter = meters.getMeter('retrospect', VERSION);
  recordFriction(meter, options.records, options.machine);
  recordUsage(meter, options.records, options.machine, options.prices ?? bundledPriceTable());
  const collected = await reader.collect();
  const metricsAgent = agentFor(metricsUrl);
  await send(
    new OTLPMetricExporter({ ...exporterConfig, url: metricsUrl, httpAgentOptions: () => metricsAgent }),
    metricsAgent,
    collected.resourceMetrics,
    'metrics',
    metricsUrl,
    timeoutMs,
  );
  await meters.shutdown();

  const decisions = options.decisions ?? [];
  if (decisions.length > 0) {
    const memory = new InMemoryLogRecordExporter();
    const logs = new LoggerProvider({
      resource,
      processors: [new SimpleLogRecordProcessor({ exporter: memory })],
    });
    const logger = logs.getLogger('retrospect.trials', VERSION);
    for (const d of decisions) {
      const at = Date.parse(d.ts);
      logger.emit({
        eventName: 'retrospect.trial.decision',
        body: `trial ${d.decision}`,
        severityNumber: SeverityNumber.INFO,
        severityText: 'INFO',
        ...(Number.isNaN(at) ? {} : { timestamp: at }),
        attributes: {
          'retrospect.trial.decision': d.decision,
          'retrospect.trial.decided_by': d.decidedBy,
          'retrospect.trial.agent': d.agent,
          'retrospect.rule.hash': ruleTextHash(d.directive),
          'retrospect.trial.start': d.trialStart,
          'retrospect.trial.baseline.mean': d.baseline.mean,
          'retrospect.trial.baseline.n': d.baseline.n,
          'retrospect.trial.in_trial.mean': d.inTrial.mean,
          'retrospect.trial.in_trial.n': d.inTrial.n,
        },
      });
    }
    await logs.forceFlush();
    const logsAgent = agentFor(logsUrl);
    await send(
      new OTLPLogExporter({ ...exporterConfig, url: logsUrl, httpAgentOptions: () => logsAgent }),
      logsAgent,
      memory.getFinishedLogRecords(),
      'trial decisions',
      logsUrl,
      timeoutMs,
    );
    await logs.shutdown();
  }
  return {
    metricsUrl: redactUrl(metricsUrl),
    logsUrl: redactUrl(logsUrl),
    sessions: options.records.length,
    decisions: decisions.length,
  };
}
