import { constants } from 'node:os';
import { resolve } from 'node:path';
import { secretsFromEnv } from '../safety/redact.js';
import {
  acquireScheduledLock,
  type HeldScheduledLock,
  LOCK_HELD_MESSAGE,
  type LockRecord,
  releaseScheduledLock,
} from './lock.js';
import { describeOutcome, type ScheduledEnding } from './outcome.js';
import { type WrittenReport, writeScheduledReport } from './report.js';
import { emptyReportInput, type ScheduledReportInput, scheduledReportInputSchema } from './report-model.js';
import { resolveScheduleSettings, type ScheduleSettings } from './settings.js';
import { notifyScheduledWebhook, scheduledWebhookPayload, type WebhookResult } from './webhook.js';

/** What the body of a scheduled run gets. */
export interface ScheduledRunContext {
  /** The project's main checkout (absolute). */
  mainCheckout: string;
  /**
   * Fill this in as the run goes (counts, applied changes, follow-ups, duplicates, observations, an
   * optional note or summary): whatever it holds when the run ends, however it ends, is the report.
   */
  outcome: ScheduledReportInput;
  /** Aborted on SIGINT, SIGTERM or SIGHUP: stop starting work, return soon. */
  signal: AbortSignal;
  lock: HeldScheduledLock;
}

/** Where signals come from: `process` in the CLI, any EventEmitter in tests. */
export interface SignalSource {
  on(event: 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'exit', listener: () => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'exit', listener: () => void): unknown;
}

/** How runScheduled guards a run: its environment, signals and clock. */
export interface RunScheduledOptions {
  /** Where secrets to keep out of the report are found, and the settings when none are given (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** The run's settings (the webhook), resolved at the caller's edge; default: resolved from `env`. */
  settings?: ScheduleSettings | undefined;
  /** Signal source (default: process); null runs without signal handling. */
  signals?: SignalSource | null;
  /** After the first signal, how long the body may take to stop before the run is closed anyway (ms). */
  graceMs?: number;
  /** How long the webhook may take to answer, in ms. */
  webhookTimeoutMs?: number;
  /** The run's clock (the report's time stamp). */
  now?: () => Date;
}

interface Finished {
  report: WrittenReport;
  webhook: WebhookResult;
  tookOver: { reason: 'stale' | 'dead' | 'corrupt'; previous?: LockRecord } | undefined;
}

export type ScheduledRunResult<T> =
  | { status: 'skipped'; message: typeof LOCK_HELD_MESSAGE; holder: LockRecord | undefined }
  | ({ status: 'completed'; value: T } & Finished)
  | ({ status: 'failed'; error: unknown } & Finished)
  | ({ status: 'interrupted'; signal: NodeJS.Signals } & Finished);

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const DEFAULT_GRACE_MS = 10_000;

type Settled<T> = { kind: 'completed'; value: T } | { kind: 'failed'; error: unknown };

/**
 * Runs `body` as the one scheduled retro of `mainCheckout`. When another run holds the lock it returns
 * `skipped` at once (print `message`, exit 0, no report). Otherwise it holds the lock while `body` runs,
 * then writes the report in every outcome (completed, failed, interrupted, even `process.exit`),
 * releases the lock, and posts the webhook fail-open. A signal aborts `context.signal`; the body gets
 * `graceMs` to stop (a second signal cuts that short) before the report is written without it.
 *
 * Long on purpose: one lifecycle whose order must hold on every way out (lock, signals, body, report,
 * release, webhook); written top to bottom in one function, each exit path can be read against it.
 */
export async function runScheduled<T>(
  mainCheckout: string,
  body: (context: ScheduledRunContext) => Promise<T> | T,
  options: RunScheduledOptions = {},
): Promise<ScheduledRunResult<T>> {
  const root = resolve(mainCheckout);
  const acquired = acquireScheduledLock(root);
  if (!acquired.ok) return { status: 'skipped', message: LOCK_HELD_MESSAGE, holder: acquired.holder };
  const { lock } = acquired;
  const outcome = emptyReportInput();
  const controller = new AbortController();
  const signals = options.signals === undefined ? process : options.signals;
  const now = options.now ?? (() => new Date());
  const secrets = secretsFromEnv(options.env ?? process.env);

  let report: WrittenReport | undefined;
  let closed = false;
  const close = (ending: ScheduledEnding): WrittenReport | undefined => {
    if (closed) return report;
    closed = true;
    detach();
    try {
      report = writeScheduledReport(root, reportableInput(outcome, ending), { date: now(), secrets });
    } finally {
      releaseScheduledLock(root, { token: lock.token });
    }
    return report;
  };

  let firstSignal: NodeJS.Signals | undefined;
  let giveUp: (() => void) | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave-up'>((done) => {
    giveUp = () => done('gave-up');
  });
  const onSignal = (signal: NodeJS.Signals) => () => {
    if (firstSignal !== undefined) return giveUp?.();
    firstSignal = signal;
    controller.abort(new Error(`scheduled retro interrupted by ${signal}`));
    graceTimer = setTimeout(() => giveUp?.(), options.graceMs ?? DEFAULT_GRACE_MS);
  };
  const listeners = SIGNALS.map((signal) => [signal, onSignal(signal)] as const);
  // Everything in close() is synchronous, so even process.exit() in the body leaves a report behind.
  const onExit = () => void close({ kind: 'exited' });
  function detach(): void {
    for (const [signal, listener] of listeners) signals?.off(signal, listener);
    signals?.off('exit', onExit);
  }
  for (const [signal, listener] of listeners) signals?.on(signal, listener);
  signals?.on('exit', onExit);

  const settled: Promise<Settled<T>> = Promise.resolve()
    .then(() => body({ mainCheckout: root, outcome, signal: controller.signal, lock }))
    .then(
      (value) => ({ kind: 'completed' as const, value }),
      (error: unknown) => ({ kind: 'failed' as const, error }),
    );
  const first = await Promise.race([settled, gaveUp]);
  clearTimeout(graceTimer);

  const tookOver = acquired.tookOver;
  const notConfigured: WebhookResult = { delivered: false, reason: 'not-configured' };
  let result: ScheduledRunResult<T>;
  if (firstSignal !== undefined || first === 'gave-up') {
    const signal = firstSignal ?? 'SIGTERM';
    const report = closeOrThrow(close, { kind: 'interrupted', signal });
    result = { status: 'interrupted', signal, report, webhook: notConfigured, tookOver };
  } else if (first.kind === 'completed') {
    const report = closeOrThrow(close, { kind: 'completed' });
    result = { status: 'completed', value: first.value, report, webhook: notConfigured, tookOver };
  } else {
    const report = closeOrThrow(close, { kind: 'failed', error: first.error });
    result = { status: 'failed', error: first.error, report, webhook: notConfigured, tookOver };
  }
  const settings = options.settings ?? resolveScheduleSettings(options.env ?? process.env);
  result.webhook = await notifyScheduledWebhook(settings.webhookUrl, scheduledWebhookPayload(result.report), {
    timeoutMs: options.webhookTimeoutMs,
  });
  return result;
}

/**
 * The report input for how the run ended. A body that left malformed data in its outcome (a count that
 * is not a whole number, say) still gets a report, one that says so, rather than none.
 */
function reportableInput(outcome: ScheduledReportInput, ending: ScheduledEnding): ScheduledReportInput {
  const checked = scheduledReportInputSchema.safeParse(outcome);
  if (checked.success) return { ...checked.data, ...describeOutcome(checked.data, ending) };
  const problem = checked.error.issues[0];
  const where = problem ? `${problem.path.join('.')}: ${problem.message}` : 'unreadable';
  const note = `The run's findings could not be reported (${where}).`;
  // How it ended still counts (failed, interrupted); the count-based notes would describe empty data.
  const ended = ending.kind === 'completed' ? undefined : describeOutcome(emptyReportInput(), ending).note;
  return { ...emptyReportInput(), note: ended ? `${ended}\n\n${note}` : note };
}

function closeOrThrow(
  close: (ending: ScheduledEnding) => WrittenReport | undefined,
  ending: ScheduledEnding,
): WrittenReport {
  const report = close(ending);
  // Only the 'exit' path closes early, and after it the process is gone; reaching this is a bug.
  if (!report) throw new Error('scheduled run was closed twice');
  return report;
}

/** The exit status a command should give for a scheduled run: 0, 1 for a failure, 128+n for signal n. */
export function scheduledRunExitCode(result: ScheduledRunResult<unknown>): number {
  if (result.status === 'failed') return 1;
  if (result.status === 'interrupted') return 128 + (constants.signals[result.signal] ?? 0);
  return 0;
}
