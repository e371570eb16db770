import { deepRead, planDeepRead } from '../../deepread/index.js';
import { renderDeepReadResult } from '../../deepread/render.js';
import { RetrospectError } from '../../errors/errors.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { recordCommandRun } from '../record-run.js';
import { transcriptPath } from '../session-arg.js';
import { SPEC } from './deep-read/spec.js';

/** `retrospect deep-read`: parse, call deepRead (planDeepRead for --dry-run), render, record the job. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const session = transcriptPath(positionals[0]!, io);
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
