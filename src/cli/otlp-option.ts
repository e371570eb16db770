import { UsageError } from '../errors/errors.js';
import type { TrialDecision } from '../report/types.js';
import { machineName } from '../store/identity.js';
import type { SessionRecord } from '../store/types.js';
import { type CliIo, println } from './io.js';

/** `--header NAME=VALUE` values as a header map. */
export function otlpHeaders(given: readonly string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of given ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--header takes NAME=VALUE, got '${pair}'`);
    headers[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return headers;
}

/**
 * Sends records (and trial decisions) to a collector and says so on stderr. The OpenTelemetry SDK is
 * loaded only here, so that commands which export nothing start as fast as before.
 */
export async function sendOtlp(
  io: CliIo,
  endpoint: string,
  headers: Record<string, string>,
  records: readonly SessionRecord[],
  decisions: readonly TrialDecision[] = [],
): Promise<void> {
  const { exportOtlp } = await import('../export/otlp.js');
  const machine = machineName(io.env);
  const sent = await exportOtlp({ endpoint, headers, records, decisions, machine });
  println(
    io.stderr,
    `sent metrics of ${sent.sessions} sessions to ${sent.metricsUrl}` +
      (sent.decisions > 0 ? ` and ${sent.decisions} trial decisions to ${sent.logsUrl}` : ''),
  );
}
