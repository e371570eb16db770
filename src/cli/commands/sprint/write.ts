import { UsageError } from '../../../errors/errors.js';
import { resolveProjectRoot } from '../../../sprint/read/paths.js';
import { writeSprintEntry } from '../../../sprint/record/write-entry.js';
import { parseCommandArgs } from '../../args.js';
import type { CliIo } from '../../io.js';
import { println, readStdinText } from '../../io.js';
import { nowFrom } from './options.js';

const USAGE =
  'retrospect sprint write --target T --sprint-id S --payload P|- [--root DIR]  (P: Markdown, or YAML for action items)';

/** Markdown payloads start with `- `, which the option parser would take for an option: bind it first. */
function bindPayload(args: string[]): string[] {
  const at = args.indexOf('--payload');
  if (at < 0 || at + 1 >= args.length) return args;
  return [...args.slice(0, at), `--payload=${args[at + 1]}`, ...args.slice(at + 2)];
}

/** `sprint write`: one write through the shared memory writer, reported as `key=value` lines. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
    bindPayload(args),
    {
      root: { type: 'string' },
      target: { type: 'string' },
      'sprint-id': { type: 'string' },
      payload: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if (values.help) {
    println(io.stdout, `usage: ${USAGE}`);
    return 0;
  }
  if (!values.target || values.payload === undefined)
    throw new UsageError(`--target and --payload are required\nusage: ${USAGE}`);
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
  return result.status === 'ok' || result.status === 'skipped_idempotent' ? 0 : 1;
}
