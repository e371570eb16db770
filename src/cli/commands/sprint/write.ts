import { parse as parseYaml } from 'yaml';
import { upsertActionItem } from '../../../sprint/action-items.js';
import { authorizeTarget, targetPath } from '../../../sprint/allowlist.js';
import { resolveProjectRoot } from '../../../sprint/paths.js';
import { type WriteResult, writeMemoryEntry } from '../../../sprint/writers.js';
import { parseCommandArgs } from '../../args.js';
import { InputError, UsageError } from '../../errors.js';
import type { CliIo } from '../../io.js';
import { println } from '../../io.js';
import { nowFrom } from './options.js';

const USAGE =
  'retrospect sprint write --target T --sprint-id S --payload P|- [--root DIR]  (P: Markdown, or YAML for action items)';

async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** An action item payload is a YAML mapping with at least `text`. */
function writeActionItem(
  root: string,
  sprintId: string,
  payload: string,
  now: Date,
): WriteResult & { id?: string } {
  const data: unknown = parseYaml(payload);
  if (!data || typeof data !== 'object' || typeof (data as { text?: unknown }).text !== 'string') {
    throw new InputError(
      'an action item payload is a YAML mapping with at least `text:` (and owner, target_sprint, ...)',
    );
  }
  const item = data as Record<string, string>;
  const written = upsertActionItem(root, { ...item, sprint_id: sprintId, text: item.text! }, now);
  return { status: written.status, target: written.target, id: written.id };
}

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
  const payload = values.payload === '-' ? await readStdin(io) : values.payload;
  const target = targetPath(root, values.target);
  const auth = authorizeTarget(root, target);
  let result: WriteResult & { id?: string };
  if (sprintId === '') result = { status: 'missing_sprint_id', reason: 'a sprint id is required' };
  else if (auth.ok && auth.rel.endsWith('action-items.yaml'))
    result = writeActionItem(root, sprintId, payload, nowFrom(io.env));
  else result = writeMemoryEntry({ root, target, sprintId, payload, now: nowFrom(io.env) });
  println(io.stdout, `status=${result.status}`);
  for (const key of ['id', 'dedup_key', 'target'] as const) {
    if (result[key]) println(io.stdout, `${key}=${result[key]}`);
  }
  if (result.reason) println(io.stderr, `reason: ${result.reason}`);
  return result.status === 'ok' || result.status === 'skipped_idempotent' ? 0 : 1;
}
