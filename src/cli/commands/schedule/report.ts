import { UsageError } from '../../../errors/errors.js';
import { secretsFromEnv } from '../../../safety/redact.js';
import {
  notifyScheduledWebhook,
  scheduledWebhookPayload,
  writeScheduledReport,
} from '../../../schedule/index.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { OPTIONS, reportRequestFrom, USAGE } from './report-request.js';

/** `schedule report`: writes one scheduled report, prints its absolute path, posts the webhook. */
export async function runReport(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, USAGE, 1);
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`, 1);
  if (!values.mroot) throw new UsageError(`--mroot is required\nusage: ${USAGE}`, 1);
  if (values.mode !== 'all-auto') throw new UsageError(`--mode must be all-auto\nusage: ${USAGE}`, 1);
  const { root, input } = reportRequestFrom(values.mroot, values, io.cwd);
  const report = writeScheduledReport(root, input, { secrets: secretsFromEnv(io.env) });
  if (report.droppedLines > 0) {
    println(
      io.stderr,
      `schedule report: left out ${report.droppedLines} line(s) that looked like transcript records`,
    );
  }
  const webhook = await notifyScheduledWebhook(io.env, scheduledWebhookPayload(report));
  if (!webhook.delivered && webhook.reason !== 'not-configured') {
    println(io.stderr, `schedule report: webhook not delivered (${webhook.reason}); the report stands`);
  }
  println(io.stdout, report.path);
  return 0;
}
