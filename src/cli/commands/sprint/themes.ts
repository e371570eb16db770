import { nowFrom } from '../../../clock/now.js';
import { buildSprintReport } from '../../../sprint/facts/report.js';
import { applyEscalations } from '../../../sprint/record/escalations.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { JSON_OUTPUT } from '../../common-options.js';
import type { CliIo } from '../../io.js';
import { println } from '../../io.js';
import { projectRootFor, ROOT_OPTIONS, SPRINT_ARG, SPRINT_ENV } from './options.js';

const SPEC = defineCommand({
  path: 'sprint themes',
  summary: 'Recurring themes across sprints; --apply escalates them once per sprint',
  args: [SPRINT_ARG],
  options: {
    ...ROOT_OPTIONS,
    apply: { type: 'boolean', description: "escalate each theme's open action item, once per sprint" },
    json: JSON_OUTPUT,
  },
  examples: [['retrospect sprint themes --apply', 'escalate recurring themes of the current sprint']],
  environment: SPRINT_ENV,
});

/** `sprint themes`: systemic themes across sprints; `--apply` escalates each once for this sprint. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const root = projectRootFor(values, io, values.apply === true);
  const report = buildSprintReport(root, positionals[0], nowFrom(io.env));
  const { themes, warnings } = report.themes;
  for (const warning of warnings) println(io.stderr, `warning: ${warning}`);
  const escalations = values.apply ? applyEscalations(root, report.sprintId, themes, nowFrom(io.env)) : [];
  if (values.json) {
    println(io.stdout, JSON.stringify({ sprint_id: report.sprintId, themes, escalations }, null, 2));
    return 0;
  }
  if (values.demo && values.apply) println(io.stderr, `demo copy: ${root}`);
  if (themes.length === 0) println(io.stdout, `no systemic themes for ${report.sprintId}`);
  for (const theme of themes) {
    const done = escalations.find((e) => e.theme_hash === theme.theme_hash);
    const outcome = done
      ? ` -> ${done.outcome}${done.item_id ? ` ${done.item_id} (escalation_count ${done.escalation_count ?? '?'})` : ''}`
      : '';
    println(io.stdout, `${theme.theme_hash}  ${theme.text}  [${theme.sprints.join(', ')}]${outcome}`);
  }
  return 0;
}
