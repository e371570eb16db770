export { parseAppliedRows } from './applied-rows.js';
export {
  type AcquireOptions,
  acquireScheduledLock,
  type HeldScheduledLock,
  LOCK_HELD_MESSAGE,
  LOCK_TTL_SECONDS,
  type LockAcquisition,
  type LockRecord,
  type LockRelease,
  parseLockRecord,
  type ReleaseOptions,
  readScheduledLock,
  releaseScheduledLock,
} from './lock.js';
export { describeOutcome, type ScheduledEnding } from './outcome.js';
export { REPORT_NAME_PATTERN, scheduledLockPath, scheduledRetroDir } from './paths.js';
export { renderScheduledReport, reportStamp } from './render.js';
export {
  pruneScheduledReports,
  REPORTS_KEPT,
  type WriteReportOptions,
  type WrittenReport,
  writeScheduledReport,
} from './report.js';
export {
  type AppliedChange,
  emptyReportInput,
  type ScheduledCounts,
  type ScheduledReportInput,
  scheduledCountsSchema,
  scheduledReportInputSchema,
} from './report-model.js';
export {
  type RunScheduledOptions,
  runScheduled,
  type ScheduledRunContext,
  type ScheduledRunResult,
  type SignalSource,
  scheduledRunExitCode,
} from './run.js';
export { resolveScheduleSettings, type ScheduleSettings } from './settings.js';
export {
  notifyScheduledWebhook,
  postWebhook,
  type ScheduledWebhookPayload,
  scheduledWebhookPayload,
  WEBHOOK_TIMEOUT_MS,
  type WebhookResult,
  webhookFailureLine,
} from './webhook.js';
