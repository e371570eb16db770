import { createLinePrompter } from '../../prompt/line-prompter.js';
import { autoDecider } from '../../retro/decide.js';
import { projectDeepReader } from '../../retro/deep-reader.js';
import { interactiveDecider } from '../../retro/interactive.js';
import { type RetroOptions, runRetro } from '../../retro/pipeline.js';
import { runScheduledRetro } from '../../retro/scheduled.js';
import { scheduledRunExitCode } from '../../schedule/run.js';
import { isIsoDay } from '../../trial/dates.js';
import { parseCommandArgs, parseCount } from '../args.js';
import { UsageError } from '../errors.js';
import { type CliIo, println } from '../io.js';
import { printOutcome } from './retro/output.js';

const USAGE =
  'retrospect retro [SESSION_ID] [--all] [--auto] [--why] [--dry-run] [--json] [--also-claude-md] [--provider P] [--model M] [--base-url U] [--projects-root DIR] [--threshold N] [--today YYYY-MM-DD] [--concurrency N] [--gate-cap-ms MS]';

const OPTIONS = {
  all: { type: 'boolean' },
  auto: { type: 'boolean' },
  why: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  'also-claude-md': { type: 'boolean' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'projects-root': { type: 'string' },
  threshold: { type: 'string' },
  today: { type: 'string' },
  concurrency: { type: 'string' },
  'gate-cap-ms': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `--gate-cap-ms`: at least 1 ms; absent, the pipeline's default (2000 with `--all`, else 5000). */
function gateCapOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseCount(value, '--gate-cap-ms', 0);
  if (ms < 1) throw new UsageError('--gate-cap-ms must be at least 1');
  return ms;
}

/**
 * `retrospect retro`: from the project's sessions to applied rules. Results go to stdout; questions,
 * progress and problems to stderr; answers are read from stdin, one line each. `--all --auto` is the
 * unattended run: one at a time per project, with a report in `.claude/retro/`.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommandArgs(args, OPTIONS, USAGE);
  if (v.help) {
    println(io.stdout, `usage: ${USAGE}\n\nSee docs/session-retro.md.`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`one session id at most\nusage: ${USAGE}`);
  if (v.today !== undefined && !isIsoDay(v.today)) {
    throw new UsageError(`--today must be YYYY-MM-DD, got '${v.today}'`);
  }
  const log = (line: string) => println(io.stderr, line);
  const prompter = v.auto ? undefined : createLinePrompter(io.stdin, io.stderr);
  const options: RetroOptions = {
    cwd: io.cwd,
    env: io.env,
    sessionId: positionals[0],
    all: v.all,
    dryRun: v['dry-run'],
    alsoClaudeMd: v['also-claude-md'],
    projectsRoot: v['projects-root'],
    threshold: v.threshold,
    today: v.today,
    concurrency: Math.max(1, parseCount(v.concurrency, '--concurrency', 3)),
    gateCapMs: gateCapOf(v['gate-cap-ms']),
    decider: prompter ? interactiveDecider(prompter, (text) => io.stderr.write(text)) : autoDecider,
    deepReader: projectDeepReader({
      provider: v.provider,
      model: v.model,
      baseUrl: v['base-url'],
      env: io.env,
      cwd: io.cwd,
      log,
    }),
    log,
  };
  try {
    if (!(v.all && v.auto && !v['dry-run'])) {
      printOutcome(await runRetro(options), io, { json: v.json, why: v.why });
      return 0;
    }
    const result = await runScheduledRetro(options);
    if (result.status === 'skipped') {
      log(result.message);
      return 0;
    }
    if (result.status === 'completed') printOutcome(result.value, io, { json: v.json, why: v.why });
    if (result.status === 'failed')
      log(`retro failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`);
    println(io.stdout, `Report: ${result.report.path}`);
    return scheduledRunExitCode(result);
  } finally {
    prompter?.close();
  }
}
