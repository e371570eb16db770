import { createLinePrompter, type Prompter } from '../../prompt/line-prompter.js';
import { runRetro } from '../../retro/pipeline.js';
import { runScheduledRetro } from '../../retro/scheduled.js';
import { scheduledRunExitCode } from '../../schedule/run.js';
import { resolveScheduleSettings } from '../../schedule/settings.js';
import { isIsoDay } from '../../trial/dates.js';
import { parseCommandArgs, usageError } from '../args.js';
import { cliMessage } from '../error-words.js';
import { type CliIo, println } from '../io.js';
import { saveReaderIfAsked } from './deep-read/save-reader.js';
import { retroOptionsFrom } from './retro/options.js';
import { printOutcome } from './retro/output.js';
import { SPEC } from './retro/spec.js';

/**
 * `retrospect retro`: from the project's sessions to applied rules. Results go to stdout; questions,
 * progress and problems to stderr; answers are read from stdin, one line each. `--all --auto` is the
 * unattended run: one at a time per project, with a report in `.claude/retro/`.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommandArgs(args, SPEC);
  if (v.today !== undefined && !isIsoDay(v.today))
    throw usageError(SPEC, `--today must be YYYY-MM-DD, got '${v.today}'`);
  const log = (line: string) => println(io.stderr, line);
  if (!v['dry-run']) saveReaderIfAsked(v, io);
  let prompter: Prompter | undefined;
  try {
    // Inside the try: an option that fails its check must still close the prompter, or the process
    // waits for stdin to end.
    // A dry run never asks: it shows what applying would do.
    prompter = v.auto || v['dry-run'] ? undefined : createLinePrompter(io.stdin, io.stderr);
    const options = retroOptionsFrom(v, positionals[0], io, prompter, log);
    if (!(v.all && v.auto && !v['dry-run'])) {
      printOutcome(await runRetro(options), io, { json: v.json, why: v.why });
      return 0;
    }
    const result = await runScheduledRetro(options, { settings: resolveScheduleSettings(io.env) });
    if (result.status === 'skipped') {
      log(result.message);
      return 0;
    }
    if (result.status === 'completed') printOutcome(result.value, io, { json: v.json, why: v.why });
    if (result.status === 'failed') log(`retro failed: ${cliMessage(result.error)}`);
    println(io.stdout, `Report: ${result.report.path}`);
    return scheduledRunExitCode(result);
  } finally {
    prompter?.close();
  }
}
