import { secretsFromEnv } from '../../../safety/redact.js';
import {
  notifyScheduledWebhook,
  scheduledWebhookPayload,
  webhookFailureLine,
  writeScheduledReport,
} from '../../../schedule/index.js';
import { resolveScheduleSettings } from '../../../schedule/settings.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { reportRequestFrom, SPEC } from './report-request.js';

/** `schedule report`: writes one scheduled report, prints its absolute path, posts the webhook. */
export async function runReport(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const { root, input } = reportRequestFrom(values.mroot, values, io.cwd);
  const report = writeScheduledReport(root, input, { secrets: secretsFromEnv(io.env) });
  if (report.droppedLines > 0) {
    println(
      io.stderr,
      `schedule report: left out ${report.droppedLines} line(s) that looked like transcript records`,
    );
  }
  const webhook = await notifyScheduledWebhook(
    resolveScheduleSettings(io.env).webhookUrl,
    scheduledWebhookPayload(report),
  );
  const failure = webhookFailureLine(webhook);
  if (failure) println(io.stderr, failure);
  println(io.stdout, report.path);
  return 0;
}
