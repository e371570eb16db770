import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { projectLabel } from '../paths/project-label.js';
import { selectRecords } from '../scan/filter.js';
import type { SessionStore } from '../store/open.js';
import { type SessionStarts, sessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import type { HostName } from '../transcript/types.js';
import { hostFriction } from './hosts.js';
import { onePerSession } from './one-per-session.js';
import { projectFriction } from './projects.js';
import { spendReport } from './spend.js';
import { summarize } from './summary.js';
import { topFlagged } from './top-flagged.js';
import type { ReportModel, ReportScope, RulesReport, TrialHistory } from './types.js';
import { weeklyFriction } from './weekly.js';

/** What a report covers: the store's filters (as `retrospect scan` reads them) and the threshold in force. */
export interface ReportOptions {
  /** Substring of the project folder name. */
  project?: string | undefined;
  /** Only sessions of these agents. */
  hosts?: readonly HostName[] | undefined;
  /** ISO instant: sessions active at or after it. */
  since?: string | undefined;
  /** ISO instant: sessions that started at or before it. */
  until?: string | undefined;
  threshold: number;
  /** The project's trial decisions, when a project root was given. */
  trials?: TrialHistory | undefined;
  /** The project's rules and their trials (see buildRulesReport), when a project root was given. */
  rules?: RulesReport | undefined;
  /** Prices for the spend section (default: the bundled table). */
  prices?: PriceTable | undefined;
  now?: Date;
}

/**
 * The stored verdicts a report covers, chosen exactly as `retrospect scan` chooses what it shows: judged
 * against the threshold in force, filtered, and without Retrospect's own analysis runs. `starts` reads each
 * session's start (by default bounded by the newest file in the store and `options.now`).
 */
export function selectReportRecords(
  store: SessionStore,
  options: ReportOptions,
  all: readonly SessionRecord[] = store.listSessions(),
  starts: SessionStarts = sessionStarts(all, options.now ?? new Date()),
): SessionRecord[] {
  return selectRecords(
    all,
    options.threshold,
    { project: options.project, hosts: options.hosts, since: options.since, until: options.until },
    starts,
  );
}

/**
 * Shapes selected records (see selectReportRecords) into everything the report shows. `starts` reads
 * each session's start (by default bounded by the newest file among `records` and `options.now`).
 */
export function buildReportModel(
  given: readonly SessionRecord[],
  options: ReportOptions,
  starts?: SessionStarts,
): ReportModel {
  const scope: ReportScope = {
    project: options.project,
    ...(options.hosts !== undefined ? { hosts: options.hosts } : {}),
    since: options.since,
    until: options.until,
    threshold: options.threshold,
  };
  const now = options.now ?? new Date();
  const sessions = onePerSession(given);
  const read = starts ?? sessionStarts(sessions, now);
  const projects = projectFriction(sessions);
  const weekly = weeklyFriction(
    sessions,
    projects.map((p) => p.project),
    read,
  );
  // A session that records no folder has the project key '': the page names it, never a blank row.
  return {
    generatedAt: now.toISOString(),
    scope,
    summary: summarize(sessions, read),
    weekly: {
      ...weekly,
      series: weekly.series.map((s) =>
        s.project === undefined ? s : { ...s, project: projectLabel(s.project) },
      ),
    },
    projects: projects.map((p) => ({ ...p, project: projectLabel(p.project) })),
    hosts: hostFriction(sessions),
    topFlagged: topFlagged(sessions, read).map((f) => ({ ...f, project: projectLabel(f.project) })),
    trials: options.trials,
    rules: options.rules,
    spend: spendReport(sessions, read, options.prices ?? bundledPriceTable(), projectLabel),
  };
}

/**
 * Reads the store and shapes the report: the library entry behind `retrospect report`. One reading of the
 * starts (over the whole store) chooses the sessions and dates them, so the filter and the page agree.
 */
export function buildReport(store: SessionStore, options: ReportOptions): ReportModel {
  return buildReportFrom(store.listSessions(), options);
}

/**
 * The report of records already read from a store (every record it holds, or a shared store's rows of one
 * machine or user): one reading of the starts chooses the sessions and dates them.
 */
export function buildReportFrom(all: readonly SessionRecord[], options: ReportOptions): ReportModel {
  const { selected, starts } = reportSelection(all, options);
  return buildReportModel(selected, options, starts);
}

/**
 * The records a report of `all` covers, with the one reading of the starts that chose them: what
 * buildReportFrom shows, for the sections a caller adds (the survival section measures these).
 */
export function reportSelection(
  all: readonly SessionRecord[],
  options: ReportOptions,
): { selected: SessionRecord[]; starts: SessionStarts } {
  const starts = sessionStarts(all, options.now ?? new Date());
  const selected = selectRecords(
    all,
    options.threshold,
    { project: options.project, hosts: options.hosts, since: options.since, until: options.until },
    starts,
  );
  return { selected, starts };
}
