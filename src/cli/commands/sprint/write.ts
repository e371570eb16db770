import { nowFrom } from '../../../clock/now.js';
import { resolveProjectRoot } from '../../../sprint/read/paths.js';
import { writeSprintEntry } from '../../../sprint/record/write-entry.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import type { CliIo } from '../../io.js';
import { println, readStdinText } from '../../io.js';
import { ROOT_OPTIONS, SPRINT_ENV } from './options.js';

const SPEC = defineCommand({
  path: 'sprint write',
  summary: 'The shared memory writer: one allowlisted, idempotent entry',
  details:
    "Prints status=ok|skipped_idempotent|... and the entry's id, dedup_key and target as key=value lines.",
  options: {
    target: {
      type: 'string',
      arg: 'FILE',
      required: true,
      description: 'an allowlisted memory file under .gaia/',
    },
    'sprint-id': { type: 'string', arg: 'SPRINT_ID', description: 'the sprint the entry belongs to' },
    payload: {
      type: 'string',
      arg: 'TEXT|-',
      required: true,
      description: 'the entry: Markdown, or YAML for action items; - reads it from stdin',
    },
    root: ROOT_OPTIONS.root,
  },
  examples: [
    [
      "retrospect sprint write --target .gaia/memory/sm-sidecar/decision-log.md --sprint-id sprint-7 --payload '- lesson'",
      'one decision-log entry',
    ],
  ],
  environment: SPRINT_ENV,
  exitStatus: '0 written or already there, 1 refused or failed (status= says why), 2 usage error',
});

/** `sprint write`: one write through the shared memory writer, reported as `key=value` lines. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const root = resolveProjectRoot(values.root, io.env, io.cwd);
  const sprintId = (values['sprint-id'] ?? '').trim();
  const payload = values.payload === '-' ? await readStdinText(io) : values.payload;
  const result = writeSprintEntry({
    root,
    target: values.target,
    sprintId,
    payload,
    now: () => nowFrom(io.env),
  });
  println(io.stdout, `status=${result.status}`);
  for (const key of ['id', 'dedup_key', 'target'] as const) {
    if (result[key]) println(io.stdout, `${key}=${result[key]}`);
  }
  if (result.reason) println(io.stderr, `reason: ${result.reason}`);
  if ('note' in result && result.note) println(io.stderr, `note: ${result.note}`);
  return result.status === 'ok' || result.status === 'skipped_idempotent' ? 0 : 1;
}
