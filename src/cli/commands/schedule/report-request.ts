import { resolve } from 'node:path';
import { InputError } from '../../../errors/errors.js';
import { readRegularText } from '../../../fsx/read-regular.js';
import { parseAppliedRows, type ScheduledReportInput } from '../../../schedule/index.js';
import { type ParsedArgs, usageError } from '../../args.js';
import { existingMainCheckout } from './main-checkout.js';
import { SPEC } from './report-spec.js';

export { SPEC };

type ReportValues = ParsedArgs<typeof SPEC.options>['values'];

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw usageError(SPEC, `--${name} takes a whole number, got '${value}'`);
  return Number(value);
}

/** Non-empty lines of a file the caller named; a named file that cannot be read is an input error. */
function linesOf(cwd: string, path: string | undefined, name: string): string[] {
  if (path === undefined) return [];
  try {
    return readRegularText(resolve(cwd, path))
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
  } catch (error) {
    throw new InputError(`cannot read --${name} ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

/** The report to write and its project; checked in option order: counts, project root, finding files. */
export function reportRequestFrom(
  mroot: string,
  v: ReportValues,
  cwd: string,
): { root: string; input: ScheduledReportInput } {
  const counts = {
    scanned: whole(v.scanned, 'scanned') ?? 0,
    skipped: whole(v.skipped, 'skipped') ?? 0,
    gated: whole(v.gated, 'gated') ?? 0,
    deepRead: whole(v.deep, 'deep') ?? 0,
  };
  const appliedCount = whole(v['applied-count'], 'applied-count');
  const followUpCount = whole(v['followup-count'], 'followup-count');
  const root = existingMainCheckout(cwd, mroot);
  const input = {
    counts,
    applied: parseAppliedRows(linesOf(cwd, v['applied-file'], 'applied-file')),
    manualFollowUps: linesOf(cwd, v['followup-file'], 'followup-file'),
    duplicates: linesOf(cwd, v['duplicate-file'], 'duplicate-file'),
    observations: linesOf(cwd, v['observations-file'], 'observations-file'),
    ...(v.summary ? { summary: v.summary } : {}),
    ...(v.note ? { note: v.note } : {}),
    ...(appliedCount === undefined ? {} : { appliedCount }),
    ...(followUpCount === undefined ? {} : { followUpCount }),
  };
  return { root, input };
}
