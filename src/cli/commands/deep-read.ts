import { deepRead, planDeepRead } from '../../deepread/index.js';
import { renderDeepReadResult } from '../../deepread/render.js';
import { RetrospectError, UsageError } from '../../errors/errors.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { recordCommandRun } from '../record-run.js';

const USAGE =
  'retrospect deep-read <session.jsonl> [--anchors id,...] [--provider P] [--model M] [--base-url URL] [--json] [--dry-run]';

const HELP = `usage: ${USAGE}

Turns the gate's friction anchors into short, cited rule proposals and finds fabricated claims; every
citation is checked against the transcript. Providers: openai, anthropic, claude-cli, heuristic (offline).
Environment: RETROSPECT_PROVIDER, RETROSPECT_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY,
ANTHROPIC_BASE_URL, RETROSPECT_LLM_TIMEOUT_MS.`;

const OPTIONS = {
  anchors: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `retrospect deep-read`: parse, call deepRead (planDeepRead for --dry-run), render, record the job. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, USAGE);
  if (values.help) {
    println(io.stdout, HELP);
    return 0;
  }
  const session = positionals[0];
  if (session === undefined || positionals.length > 1)
    throw new UsageError(`expected one session transcript\nusage: ${USAGE}`);
  const anchors = values.anchors?.split(',').flatMap((id) => (id.trim() ? [id.trim()] : []));
  const options = {
    env: io.env,
    cwd: io.cwd,
    log: (line: string) => println(io.stderr, line),
    ...(anchors && anchors.length > 0 ? { anchors } : {}),
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
  };
  const startedAt = new Date().toISOString();
  const record = (status: number, output: string | null) =>
    recordCommandRun(['deep-read', ...args], io, startedAt, status, output);
  try {
    let output: string;
    if (values['dry-run']) {
      const plan = await planDeepRead(session, options);
      const { session_id, anchors: ids, system, prompt, windows } = plan;
      output = values.json
        ? JSON.stringify({ session_id, anchors: ids, system, prompt, cuts: windows.cuts })
        : prompt;
      println(
        io.stderr,
        `deep-read: dry run, nothing sent (${prompt.length} chars; ${windows.cuts.tokensUsed} window tokens)`,
      );
    } else {
      const result = await deepRead(session, options);
      output = values.json ? JSON.stringify(result) : renderDeepReadResult(result);
    }
    println(io.stdout, output);
    record(0, `${output}\n`);
    return 0;
  } catch (error) {
    record(error instanceof RetrospectError ? error.exitCode : 70, null);
    throw error;
  }
}
