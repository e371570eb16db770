import type { SessionRecord } from '../store/types.js';
import { markOwnRuns } from './own-runs.js';

/** What the user asked to see (all optional; every given filter must hold). */
export interface ScanFilter {
  /** Substring of the project folder name. */
  project?: string;
  /** ISO instant: sessions active at or after it. */
  since?: string;
  /** ISO instant: sessions that started at or before it. */
  until?: string;
  minScore?: number;
  flaggedOnly?: boolean;
  /** Show Retrospect's own analysis runs too (left out by default; see markOwnRuns). */
  includeOwn?: boolean;
}

/** A stored verdict judged against the threshold in force now (the score does not depend on it). */
export function withThreshold(record: SessionRecord, threshold: number): SessionRecord {
  if (record.verdict.threshold === threshold) return record;
  const passed = record.verdict.error === undefined && record.verdict.score >= threshold;
  return { ...record, verdict: { ...record.verdict, threshold, passed } };
}

function activity(record: SessionRecord): { first: string; last: string } {
  const mtime = new Date(record.mtimeMs).toISOString();
  return {
    first: record.firstTimestamp ?? mtime,
    last: record.lastTimestamp ?? record.firstTimestamp ?? mtime,
  };
}

export function matchesFilter(record: SessionRecord, filter: ScanFilter): boolean {
  if (record.ownRun && !filter.includeOwn) return false;
  if (filter.project !== undefined && !record.project.includes(filter.project)) return false;
  const { first, last } = activity(record);
  if (filter.since !== undefined && last < filter.since) return false;
  if (filter.until !== undefined && first > filter.until) return false;
  if (filter.minScore !== undefined && record.verdict.score < filter.minScore) return false;
  if (filter.flaggedOnly && !record.verdict.passed) return false;
  return true;
}

/** Highest score first; ties by start time, newest first, then path. */
export function byScore(a: SessionRecord, b: SessionRecord): number {
  if (b.verdict.score !== a.verdict.score) return b.verdict.score - a.verdict.score;
  const at = a.firstTimestamp ?? '';
  const bt = b.firstTimestamp ?? '';
  if (at !== bt) return at < bt ? 1 : -1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The records a scan shows: own runs marked (markOwnRuns), judged against `threshold`, kept when they match
 * `filter`, highest score first.
 */
export function selectRecords(
  records: SessionRecord[],
  threshold: number,
  filter: ScanFilter,
): SessionRecord[] {
  return markOwnRuns(records)
    .map((r) => withThreshold(r, threshold))
    .filter((r) => matchesFilter(r, filter))
    .sort(byScore);
}

/** How many of Retrospect's own runs the filter left out that its other conditions would have shown. */
export function ownRunsLeftOut(records: SessionRecord[], threshold: number, filter: ScanFilter): number {
  if (filter.includeOwn) return 0;
  return selectRecords(records, threshold, { ...filter, includeOwn: true }).filter((r) => r.ownRun).length;
}
