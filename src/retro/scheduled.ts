import { InputError } from '../errors/errors.js';
import { findGitRoots } from '../git/roots.js';
import type { ScheduledReportInput } from '../schedule/report-model.js';
import { type RunScheduledOptions, runScheduled, type ScheduledRunResult } from '../schedule/run.js';
import { webhookFailureLine } from '../schedule/webhook.js';
import { type RetroOptions, runRetro } from './pipeline.js';
import { fabricationReference, gateTimeoutText } from './render.js';
import type { RetroOutcome } from './types.js';

/** Copies what a retro has done so far into a scheduled report's input (short findings only). */
export function fillReport(report: ScheduledReportInput, outcome: Readonly<RetroOutcome>): void {
  report.counts = { ...outcome.counts };
  report.applied = outcome.applied.map(({ target, action, summary }) => ({ target, action, summary }));
  report.manualFollowUps = [...outcome.manualFollowUps];
  report.duplicates = [...outcome.duplicates];
  const slow = outcome.skipped.filter((s) => s.reason === 'gate-timeout');
  report.observations = [
    ...slow.map(({ session }) => `Session ${session.sessionId} ${gateTimeoutText(outcome.gateCapMs)}`),
    ...outcome.observations,
    ...outcome.fabricationAnchors.map(fabricationReference),
  ];
}

/**
 * `retro --all --auto` as an unattended run: one run per project at a time (the scheduled lock), a
 * report in `.claude/retro/` however the run ends, and the webhook. The report follows the run stage by
 * stage, so an interrupted or failed run still reports what it had done.
 */
export async function runScheduledRetro(
  options: Omit<RetroOptions, 'signal' | 'onProgress'>,
  schedule: RunScheduledOptions = {},
): Promise<ScheduledRunResult<RetroOutcome>> {
  const roots = findGitRoots(options.cwd);
  if (!roots) throw new InputError(`retro runs inside a git repository; ${options.cwd} is not in one`);
  const result = await runScheduled(
    roots.mainCheckout,
    (context) =>
      runRetro({
        ...options,
        signal: context.signal,
        onProgress: (outcome) => fillReport(context.outcome, outcome),
      }),
    { env: options.env, ...schedule },
  );
  // The webhook is fail-open, not silent: a configured one that was not delivered is said on stderr.
  const failure = result.status === 'skipped' ? undefined : webhookFailureLine(result.webhook);
  if (failure) options.log?.(failure);
  return result;
}
