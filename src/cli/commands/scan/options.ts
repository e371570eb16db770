import { UsageError } from '../../../errors/errors.js';
import * as scan from '../../../scan/index.js';
import type { ParsedArgs } from '../../args.js';

export const USAGE =
  'retrospect scan [DIR...] [--demo] [--project NAME] [--since DATE] [--until DATE] [--min-score N] [--flagged] [--include-own] [--json] [--jobs N] [--store PATH] [--profile seed|calibrated]';
export const OPTIONS = {
  demo: { type: 'boolean' },
  project: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  'min-score': { type: 'string' },
  flagged: { type: 'boolean' },
  'include-own': { type: 'boolean' },
  json: { type: 'boolean' },
  jobs: { type: 'string' },
  store: { type: 'string' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type ScanValues = ParsedArgs<typeof OPTIONS>['values'];

/** A `--since`/`--until` date as an instant bound, or a usage error saying what is expected. */
export function dateOption(
  text: string | undefined,
  name: string,
  edge: 'start' | 'end',
): string | undefined {
  if (text === undefined) return undefined;
  const bound = scan.parseDateBound(text, edge);
  if (bound === undefined) throw new UsageError(`${name} takes a date such as 2026-10-01, got '${text}'`);
  return bound;
}

/** Which scanned sessions to show: `--project`, `--since`/`--until`, `--min-score`, `--flagged`, `--include-own`. */
export function scanFilterFrom(values: ScanValues): scan.ScanFilter {
  const minScore = values['min-score'];
  if (minScore !== undefined && !/^\d+(\.\d+)?$/.test(minScore))
    throw new UsageError(`--min-score takes a number such as 5, got '${minScore}'`);
  return {
    project: values.project,
    since: dateOption(values.since, '--since', 'start'),
    until: dateOption(values.until, '--until', 'end'),
    minScore: minScore === undefined ? undefined : Number(minScore),
    flaggedOnly: values.flagged === true,
    includeOwn: values['include-own'] === true,
  };
}
