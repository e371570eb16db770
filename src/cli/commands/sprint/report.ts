import { UsageError } from '../../../errors/errors.js';
import { buildSprintReport, renderSprintReport, sprintReportJson } from '../../../sprint/facts/report.js';
import { parseCommandArgs } from '../../args.js';
import type { CliIo } from '../../io.js';
import { println } from '../../io.js';
import { nowFrom, projectRootFor, ROOT_OPTIONS } from './options.js';

const USAGE = 'retrospect sprint report [SPRINT_ID] [--root DIR | --demo] [--json]';

/** `sprint report`: the read-only sprint data summary, as text or JSON. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { ...ROOT_OPTIONS, json: { type: 'boolean' } },
    USAGE,
  );
  if (values.help) {
    println(io.stdout, `usage: ${USAGE}`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`expected at most one sprint id\nusage: ${USAGE}`);
  const root = projectRootFor(values, io, false);
  const report = buildSprintReport(root, positionals[0], nowFrom(io.env));
  if (values.json) println(io.stdout, JSON.stringify(sprintReportJson(report), null, 2));
  else println(io.stdout, renderSprintReport(report));
  return 0;
}
