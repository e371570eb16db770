import { lstatSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureInsideProject, publishFileExclusive, WriteVerifyError } from '../fsx/index.js';
import { REPORT_NAME_PATTERN, scheduledRetroDir } from './paths.js';
import { renderScheduledReport, reportStamp } from './render.js';
import { type ScheduledReportInput, scheduledReportInputSchema } from './report-model.js';

/** How many scheduled reports a project keeps; older ones are removed after each write. */
export const REPORTS_KEPT = 12;

export interface WrittenReport {
  /** Absolute path of the new report. */
  path: string;
  /** The report's `- timestamp:` value (also sent to the webhook). */
  stamp: string;
  /** Applied and manual follow-up counts, as the summary and the webhook state them. */
  applied: number;
  manualFollowUp: number;
  /** Older reports removed by retention. */
  removed: string[];
  /** Lines left out because they looked like transcript records. */
  droppedLines: number;
}

export interface WriteReportOptions {
  /** The run's time (default now). */
  date?: Date;
  /** Reports to keep (default 12). */
  keep?: number;
  /** Configured secrets to redact (see secretsFromEnv); key-shaped tokens are redacted anyway. */
  secrets?: readonly string[];
}

/**
 * Claims a free report name: `scheduled-<stamp>.md`, or with `-<pid>` (then `-<pid>-<n>`) when another
 * run wrote one in the same second. Each claim is exclusive, so two runs never overwrite each other.
 */
function publishReport(dir: string, stamp: string, text: string): string {
  for (let attempt = 0; ; attempt += 1) {
    const suffix = attempt === 0 ? '' : attempt === 1 ? `-${process.pid}` : `-${process.pid}-${attempt}`;
    const path = join(dir, `scheduled-${stamp}${suffix}.md`);
    if (!publishFileExclusive(path, text)) continue;
    if (readFileSync(path, 'utf8') !== text) {
      unlinkSync(path);
      throw new WriteVerifyError(path);
    }
    return path;
  }
}

/** Removes all but the newest `keep` reports (by modification time, then name), never `current`. */
export function pruneScheduledReports(dir: string, keep: number, current?: string): string[] {
  const reports = readdirSync(dir)
    .filter((name) => REPORT_NAME_PATTERN.test(name))
    .flatMap((name) => {
      const stat = lstatSync(join(dir, name), { throwIfNoEntry: false });
      return stat?.isFile() ? [{ name, mtime: stat.mtimeMs }] : [];
    })
    .sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  const removed: string[] = [];
  for (const { name } of reports.slice(keep)) {
    const path = join(dir, name);
    if (path === current) continue;
    try {
      unlinkSync(path);
      removed.push(path);
    } catch {
      // A concurrent run removed it first.
    }
  }
  return removed;
}

/**
 * Writes a scheduled retro report into `<mainCheckout>/.claude/retro/`, then keeps the newest 12. Throws a
 * ZodError for malformed input and an I/O error when the folder cannot be written.
 */
export function writeScheduledReport(
  mainCheckout: string,
  input: ScheduledReportInput,
  options: WriteReportOptions = {},
): WrittenReport {
  const checked = scheduledReportInputSchema.parse(input);
  const dir = scheduledRetroDir(resolve(mainCheckout));
  ensureInsideProject(mainCheckout, join(dir, 'scheduled-report.md'));
  const stamp = reportStamp(options.date ?? new Date());
  const rendered = renderScheduledReport(checked, stamp, options.secrets);
  const path = publishReport(dir, stamp, rendered.text);
  const removed = pruneScheduledReports(dir, options.keep ?? REPORTS_KEPT, path);
  return {
    path,
    stamp,
    applied: checked.appliedCount ?? checked.applied.length,
    manualFollowUp: checked.followUpCount ?? checked.manualFollowUps.length,
    removed,
    droppedLines: rendered.droppedLines,
  };
}
