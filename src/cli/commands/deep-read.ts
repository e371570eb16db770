import { answerInstructions, promptPurpose } from '../../deepread/answer-guide.js';
import { type DeepReadAudience, deepRead, planDeepRead } from '../../deepread/index.js';
import { renderDeepReadResult } from '../../deepread/render.js';
import { RetrospectError } from '../../errors/errors.js';
import { resolveReaderSettings } from '../../llm/settings.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { recordCommandRun } from '../record-run.js';
import { transcriptPath } from '../session-arg.js';
import { readAnswerArg } from './deep-read/answer.js';
import { saveReaderIfAsked } from './deep-read/save-reader.js';
import { SPEC } from './deep-read/spec.js';

/** Providers behind an HTTP API: their prompt must carry no local path. */
const REMOTE_PROVIDERS = new Set(['openai', 'anthropic']);

/** The audience of a dry run's prompt: as asked, else the named provider's, else a file-reading agent's. */
function dryRunAudience(asked: string | undefined, provider: string | undefined): DeepReadAudience {
  if (asked === 'agent' || asked === 'remote') return asked;
  return provider !== undefined && REMOTE_PROVIDERS.has(provider.trim()) ? 'remote' : 'agent';
}

/**
 * `retrospect deep-read`: parse, call deepRead (planDeepRead for --dry-run; the given answer with
 * --answer), render, record the job. Writes nothing: anchors are saved by `retro`.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const session = transcriptPath(positionals[0]!, io);
  const anchors = values.anchors?.split(',').flatMap((id) => (id.trim() ? [id.trim()] : []));
  const answer = values.answer !== undefined ? await readAnswerArg(values.answer, io) : undefined;
  saveReaderIfAsked(values, io);
  const reader = resolveReaderSettings(io.env);
  const options = {
    env: io.env,
    reader,
    cwd: io.cwd,
    log: (line: string) => println(io.stderr, line),
    persist: false,
    ...(anchors && anchors.length > 0 ? { anchors } : {}),
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(answer !== undefined ? { answer } : {}),
  };
  const startedAt = new Date().toISOString();
  const record = (status: number, output: string | null) =>
    recordCommandRun(['deep-read', ...args], io, startedAt, status, output);
  try {
    let output: string;
    if (values['dry-run']) {
      const audience = dryRunAudience(
        values.audience,
        answer !== undefined ? undefined : (values.provider ?? reader.provider),
      );
      const plan = await planDeepRead(session, { ...options, audience });
      const { session_id, anchors: ids, system, prompt, windows } = plan;
      output = values.json
        ? JSON.stringify({
            session_id,
            anchors: ids,
            system,
            prompt,
            cuts: windows.cuts,
            audience,
            purpose: promptPurpose(session_id, audience),
            how_to_answer: answerInstructions(session_id),
          })
        : prompt;
      println(
        io.stderr,
        `deep-read: dry run, nothing sent (${prompt.length} chars; ${windows.cuts.tokensUsed} window tokens; prompt for ${audience === 'agent' ? 'a reader that opens the transcript' : 'a remote model'})`,
      );
    } else {
      if (answer !== undefined)
        println(
          io.stderr,
          `deep-read: reader: the answer in ${values.answer === '-' ? 'stdin' : values.answer}, validated as a model's (nothing is sent; --provider NAME asks a model instead)`,
        );
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
