import { readActionItems, readBoardActionItems } from '../../../sprint/read/action-items.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { JSON_OUTPUT } from '../../common-options.js';
import type { CliIo } from '../../io.js';
import { println } from '../../io.js';
import { projectRootFor, ROOT_OPTIONS, SPRINT_ENV } from './options.js';

const SPEC = defineCommand({
  path: 'sprint action-items',
  summary: 'List action items (.gaia/state/action-items.yaml)',
  options: {
    ...ROOT_OPTIONS,
    sprint: { type: 'string', arg: 'SPRINT_ID', description: 'only items of this sprint' },
    status: { type: 'string', arg: 'STATUS', description: 'only items with this status (open, done, ...)' },
    json: JSON_OUTPUT,
  },
  examples: [['retrospect sprint action-items --demo --status open', "the demo project's open items"]],
  environment: SPRINT_ENV,
});

/** `sprint action-items`: lists the stored action items of both dialects, optionally filtered. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const root = projectRootFor(values, io, false);
  // A BMAD team's own action items file is listed (read-only) when there is no .gaia/ store.
  const file = readActionItems(root) ?? readBoardActionItems(root)[0];
  if (!file) {
    println(io.stderr, 'no action items yet (.gaia/state/action-items.yaml does not exist)');
    if (values.json) println(io.stdout, '[]');
    return 0;
  }
  const items = file.items.filter(
    (item) =>
      (values.sprint === undefined || item.sprint_id === values.sprint) &&
      (values.status === undefined || (item.status ?? 'open') === values.status),
  );
  if (values.json) {
    println(io.stdout, JSON.stringify(items, null, 2));
    return 0;
  }
  for (const item of items) {
    const facts = [
      item.sprint_id,
      item.status ?? 'open',
      item.priority,
      item.owner ? `owner ${item.owner}` : undefined,
      item.target_sprint ? `target ${item.target_sprint}` : undefined,
      item.escalation_count ? `escalated ${item.escalation_count}x` : undefined,
    ].filter(Boolean);
    println(io.stdout, `${item.id.padEnd(6)} ${item.text}  (${facts.join(', ')})`);
  }
  if (items.length === 0) println(io.stderr, `no action items match in ${file.path}`);
  return 0;
}
