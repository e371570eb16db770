import { nowFrom } from '../../../clock/now.js';
import { buildSprintReport, renderSprintReport, sprintReportJson } from '../../../sprint/facts/report.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { JSON_OUTPUT } from '../../common-options.js';
import type { CliIo } from '../../io.js';
import { println } from '../../io.js';
import { projectRootFor, ROOT_OPTIONS, SPRINT_ARG, SPRINT_ENV } from './options.js';

const SPEC = defineCommand({
  path: 'sprint report',
  summary: 'Sprint data summary: metrics, review verdicts, tech debt, themes (read-only)',
  args: [SPRINT_ARG],
  options: { ...ROOT_OPTIONS, json: JSON_OUTPUT },
  examples: [
    ['retrospect sprint report --demo', "the demo project's current sprint"],
    ['retrospect sprint report sprint-7 --json', 'one sprint as JSON'],
  ],
  environment: SPRINT_ENV,
});

/** `sprint report`: the read-only sprint data summary, as text or JSON. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const root = projectRootFor(values, io, false);
  const report = buildSprintReport(root, positionals[0], nowFrom(io.env));
  if (values.json) println(io.stdout, JSON.stringify(sprintReportJson(report), null, 2));
  else println(io.stdout, renderSprintReport(report));
  return 0;
}
