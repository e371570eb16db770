import { InputError } from '../../errors/errors.js';
import { resolveReaderSettings } from '../../llm/settings.js';
import {
  askSecondLook,
  chooseSecondLookReader,
  decideFromText,
  prepareSecondLook,
  renderSecondLook,
  secondLookReport,
  unread,
} from '../../second-look/index.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { gateSettingsFromArgs } from '../profile-option.js';
import { transcriptPath } from '../session-arg.js';
import { readAnswerArg } from './deep-read/answer.js';
import { SPEC } from './second-look/spec.js';

/**
 * `retrospect second-look`: gate the session, and in the band ask the chosen reader (or take the given
 * answer, or print the prompt); print what decided the flag. Writes nothing.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const given = positionals[0]!;
  const session = transcriptPath(given, io);
  const settings = gateSettingsFromArgs(io.env, { profile: values.profile, threshold: values.threshold });
  for (const warning of settings.warnings) println(io.stderr, warning);
  const found = prepareSecondLook(session, {
    gate: { settings, cwd: io.cwd },
    always: values.always === true || values.prompt === true,
  });
  if (found.verdict.error !== undefined) throw new InputError(`${given}: ${found.verdict.error}`);
  if (values.prompt) {
    println(
      io.stdout,
      values.json
        ? JSON.stringify({ session_id: found.sessionId, in_band: found.inBand, prompt: found.prompt })
        : (found.prompt ?? ''),
    );
    println(
      io.stderr,
      `second-look: prompt only, nothing sent (${found.prompt?.length ?? 0} chars; ${found.inBand ? 'in' : 'outside'} the band)`,
    );
    return 0;
  }
  let reader: string | undefined;
  let outcome = unread(found);
  if (values.answer !== undefined) {
    const text = await readAnswerArg(values.answer, io);
    reader = 'the given answer';
    if (found.inBand || values.always) outcome = decideFromText(found, text);
  } else if (found.prompt !== undefined) {
    const chosen = chooseSecondLookReader({
      env: io.env,
      cwd: io.cwd,
      reader: resolveReaderSettings(io.env),
      ...(values.provider !== undefined ? { provider: values.provider } : {}),
      ...(values.model !== undefined ? { model: values.model } : {}),
      ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    });
    if (chosen.notice) println(io.stderr, `second-look: ${chosen.notice}`);
    if (chosen.port) {
      reader = `${chosen.port.name}${chosen.port.model ? ` (${chosen.port.model})` : ''}`;
      outcome = await askSecondLook(found, chosen.port);
    }
  }
  const report = secondLookReport(found, outcome, reader);
  println(io.stdout, values.json ? JSON.stringify(report) : renderSecondLook(report));
  return 0;
}
