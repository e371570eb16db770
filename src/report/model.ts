import { selectRecords } from '../scan/filter.js';
import type { SessionStore } from '../store/open.js';
import type { SessionRecord } from '../store/types.js';
import { projectFriction } from './projects.js';
import { sessionStarts } from './start-times.js';
import { summarize } from './summary.js';
import { topFlagged } from './top-flagged.js';
import type { ReportModel, ReportScope, TrialHistory } from './types.js';
import { weeklyFriction } from './weekly.js';

/** What a report covers: the store's filters (as `retrospect scan` reads them) and the threshold in force. */
export interface ReportOptions {
  /** Substring of the project folder name. */
  project?: string | undefined;
  /** ISO instant: sessions active at or after it. */
  since?: string | undefined;
  /** ISO instant: sessions that started at or before it. */
  until?: string | undefined;
  threshold: number;
  /** The project's trial decisions, when a project root was given. */
  trials?: TrialHistory | undefined;
  now?: Date;
}

/**
 * The stored verdicts a report covers, chosen exactly as `retrospect scan` chooses what it shows: judged
 * against the threshold in force, filtered, and without Retrospect's own analysis runs.
 */
export function selectReportRecords(store: SessionStore, options: ReportOptions): SessionRecord[] {
  return selectRecords(store.listSessions(), options.threshold, {
    project: options.project,
    since: options.since,
    until: options.until,
  });
}

/** Shapes selected records (see selectReportRecords) into everything the report shows. */
export function buildReportModel(records: readonly SessionRecord[], options: ReportOptions): ReportModel {
  const scope: ReportScope = {
    project: options.project,
    since: options.since,
    until: options.until,
    threshold: options.threshold,
  };
  const now = options.now ?? new Date();
  const starts = sessionStarts(records, now);
  const projects = projectFriction(records);
  return {
    generatedAt: now.toISOString(),
    scope,
    summary: summarize(records, starts),
    weekly: weeklyFriction(
      records,
      projects.map((p) => p.project),
      starts,
    ),
    projects,
    topFlagged: topFlagged(records, starts),
    trials: options.trials,
  };
}

/** Reads the store and shapes the report: the library entry behind `retrospect report`. */
export function buildReport(store: SessionStore, options: ReportOptions): ReportModel {
  return buildReportModel(selectReportRecords(store, options), options);
}
