import { gitOutput } from '../../git/roots.js';
import { startJob } from '../../jobs/run.js';
import { createLinePrompter } from '../../prompt/line-prompter.js';
import { WALK_MODES, WALK_SCOPES } from '../../walk/document.js';
import { providerReviewer } from '../../walk/llm-review.js';
import { writeOutputFile } from '../../walk/output.js';
import { WALK_PLAN_TOML } from '../../walk/plan.js';
import { redactText } from '../../walk/redact.js';
import { renderMarkdown } from '../../walk/render.js';
import { walkChangeSet } from '../../walk/walk.js';
import { parseCommandArgs } from '../args.js';
import { RetrospectError, UsageError } from '../errors.js';
import { type CliIo, println } from '../io.js';

const USAGE =
  'retrospect walk [TARGET] [--scope diff|commit-range|worktree|job-id|episode-ref] [--from-retro ANCHOR_ID] [--mode guided|agent-driven|summary-only] [--json FILE] [--md FILE] [--sessions DIR] [--no-comments] [--plan] [--provider P] [--model M] [--base-url URL]';
const OPTIONS = {
  scope: { type: 'string' },
  'from-retro': { type: 'string' },
  mode: { type: 'string' },
  json: { type: 'string' },
  md: { type: 'string' },
  sessions: { type: 'string', multiple: true },
  'no-comments': { type: 'boolean' },
  plan: { type: 'boolean' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function pick<T extends string>(
  allowed: readonly T[],
  value: string | undefined,
  name: string,
): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw new UsageError(`--${name} takes ${allowed.join('|')}, got '${value}'\nusage: ${USAGE}`);
}

async function readAll(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** `retrospect walk`: a retrospective walk of a change set, as Markdown (stdout or --md) and JSON (--json). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, USAGE);
  if (values.help || values.plan) {
    io.stdout.write(values.help ? `usage: ${USAGE}\n` : WALK_PLAN_TOML);
    return 0;
  }
  if (positionals.length > 1)
    throw new UsageError(`walk takes one TARGET, got ${positionals.length}\nusage: ${USAGE}`);
  const [target] = positionals;
  const scope = pick(WALK_SCOPES, values.scope, 'scope');
  const fromRetro = values['from-retro'];
  if (fromRetro !== undefined && (target !== undefined || scope !== undefined))
    throw new UsageError(
      `--from-retro walks the anchor's session: give no TARGET or --scope\nusage: ${USAGE}`,
    );
  const mode =
    pick(WALK_MODES, values.mode, 'mode') ?? (io.stdin.isTTY && io.stderr.isTTY ? 'guided' : 'summary-only');
  if (mode === 'guided' && target === '-')
    throw new UsageError('guided mode reads comments from stdin; pass the diff as a file');
  if (target === '-' && io.stdin.isTTY)
    throw new UsageError('walk - reads a diff from stdin; pipe one in (git diff | retrospect walk -)');
  const job = startJob(redactText(['walk', ...args].join(' '), io.env), io.env);
  const review =
    mode === 'agent-driven' && !values['no-comments']
      ? providerReviewer({
          env: io.env,
          ...(values.provider !== undefined ? { provider: values.provider } : {}),
          ...(values.model !== undefined ? { model: values.model } : {}),
          ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
          log: (line) => println(io.stderr, `retrospect walk: ${line}`),
        })
      : undefined;
  if (review?.notice) println(io.stderr, `retrospect walk: ${review.notice}`);
  const prompter =
    mode === 'guided' && !values['no-comments'] ? createLinePrompter(io.stdin, io.stderr) : undefined;
  try {
    const { document, warnings } = await walkChangeSet({
      ...(target !== undefined ? { target } : {}),
      ...(scope ? { scope } : {}),
      ...(fromRetro !== undefined ? { fromRetro } : {}),
      mode,
      cwd: io.cwd,
      env: io.env,
      readStdin: () => readAll(io),
      ...(values.sessions ? { sessionDirs: values.sessions as unknown as string[] } : {}),
      captureComments: !values['no-comments'],
      ...(review ? { reviewer: review.reviewer } : {}),
      ...(prompter
        ? { prompter, reviewerName: gitOutput(['config', 'user.name'], io.cwd)?.trim() || 'reviewer' }
        : {}),
    });
    for (const warning of warnings) println(io.stderr, `retrospect walk: ${warning}`);
    const markdown = renderMarkdown(document);
    const json = `${JSON.stringify(document, null, 2)}\n`;
    if (values.json === '-') io.stdout.write(json);
    else if (values.json) println(io.stderr, `wrote ${writeOutputFile(io.cwd, values.json, json)}`);
    if (values.md) println(io.stderr, `wrote ${writeOutputFile(io.cwd, values.md, markdown)}`);
    if (!values.json && !values.md) io.stdout.write(markdown);
    const record = job.finish(0, values.json ? json : markdown);
    println(
      io.stderr,
      `retrospect walk: ${document.change_units.length} change units in ${document.retrospective_id} (job ${record.id})`,
    );
    return 0;
  } catch (error) {
    job.finish(error instanceof RetrospectError ? error.exitCode : 70, null);
    throw error;
  } finally {
    prompter?.close();
  }
}
