import { activeWithin, type SessionStarts, sessionStarts } from '../store/session-starts.js';
import type { HostName, SessionRecord } from '../store/types.js';
import { markOwnRuns } from './own-runs.js';

/** What the user asked to see (all optional; every given filter must hold). */
export interface ScanFilter {
  /** A project folder name as the table prints it (`-home-ada-shop`: that folder), else part of one (`shop`). */
  project?: string;
  /** Only sessions of these agents. */
  hosts?: readonly HostName[] | undefined;
  /** ISO instant: sessions whose last activity is at or after it. */
  since?: string;
  /** ISO instant: sessions that started at or before it. */
  until?: string;
  minScore?: number;
  flaggedOnly?: boolean;
  /** Show Retrospect's own analysis runs too (left out by default; see markOwnRuns). */
  includeOwn?: boolean;
}

/**
 * Whether a project folder is the one asked for: a name that starts with `-` is a folder name as the table
 * prints it and must match whole; anything else (a repository's name) is looked for inside the name.
 */
function projectMatches(folder: string, wanted: string): boolean {
  return wanted.startsWith('-') ? folder === wanted : folder.includes(wanted);
}

/** A stored verdict judged against the threshold in force now (the score does not depend on it). */
export function withThreshold(record: SessionRecord, threshold: number): SessionRecord {
  if (record.verdict.threshold === threshold) return record;
  const passed = record.verdict.error === undefined && record.verdict.score >= threshold;
  return { ...record, verdict: { ...record.verdict, threshold, passed } };
}

/**
 * Whether a record passes `filter`. Dates are compared as instants with the session's start and last
 * activity as `starts` reads them (a transcript timestamp that is not a sane ISO instant gives way to the
 * file time), never as the transcript's text.
 */
export function matchesFilter(record: SessionRecord, filter: ScanFilter, starts: SessionStarts): boolean {
  if (record.ownRun && !filter.includeOwn) return false;
  if (filter.project !== undefined && !projectMatches(record.project, filter.project)) return false;
  if (filter.hosts !== undefined && !filter.hosts.includes(record.host)) return false;
  if (!activeWithin(filter.since, filter.until, starts)(record)) return false;
  if (filter.minScore !== undefined && record.verdict.score < filter.minScore) return false;
  if (filter.flaggedOnly && !record.verdict.passed) return false;
  return true;
}

/** Highest score first; ties by start time (as `starts` reads it), newest first, then path. */
export function byScore(starts: SessionStarts): (a: SessionRecord, b: SessionRecord) => number {
  return (a, b) => {
    if (b.verdict.score !== a.verdict.score) return b.verdict.score - a.verdict.score;
    const at = starts.startMs(a);
    const bt = starts.startMs(b);
    if (at !== bt) return bt - at;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  };
}

/**
 * The records a scan shows: own runs marked (markOwnRuns), judged against `threshold`, kept when they match
 * `filter`, highest score first. `starts` reads each session's start (by default bounded by the newest
 * file among `records` and now).
 */
export function selectRecords(
  records: readonly SessionRecord[],
  threshold: number,
  filter: ScanFilter,
  starts: SessionStarts = sessionStarts(records, new Date()),
): SessionRecord[] {
  return markOwnRuns(records)
    .map((r) => withThreshold(r, threshold))
    .filter((r) => matchesFilter(r, filter, starts))
    .sort(byScore(starts));
}

/** How many of Retrospect's own runs the filter left out that its other conditions would have shown. */
export function ownRunsLeftOut(
  records: readonly SessionRecord[],
  threshold: number,
  filter: ScanFilter,
  starts: SessionStarts = sessionStarts(records, new Date()),
): number {
  if (filter.includeOwn) return 0;
  // A count needs no order: selectRecords' filter without its sort (a thousand records sorted again).
  const shown = { ...filter, includeOwn: true };
  return markOwnRuns(records).filter(
    (r) => r.ownRun && matchesFilter(withThreshold(r, threshold), shown, starts),
  ).length;
}
