import { formatVerdictJson, gateSessionSync, renderWhy } from '../../gate/index.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { PROFILE_OPTION, PROFILE_USAGE, profileFromArgs } from '../profile-option.js';

const USAGE = `retrospect gate <session.jsonl> [--threshold N] [--why] ${PROFILE_USAGE}`;

/**
 * `retrospect gate`: one line of verdict JSON on stdout (or the --why table), warnings on stderr, and
 * exit 0 whatever the file holds — callers grep stdout, as with the seed's gate.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      threshold: { type: 'string' },
      why: { type: 'boolean' },
      ...PROFILE_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if (values.help) {
    println(
      io.stdout,
      `usage: ${USAGE}\n\nEnvironment: RETRO_GATE_PROFILE (seed|calibrated, default calibrated), RETRO_THRESHOLD, FRICTION_LEDGER, RETRO_FORCE_TRANSCRIPT_S2=1`,
    );
    return 0;
  }
  const profile = profileFromArgs(values.profile);
  const result = gateSessionSync(positionals[0], {
    threshold: values.threshold,
    env: io.env,
    cwd: io.cwd,
    ...(profile ? { profile } : {}),
  });
  for (const warning of result.warnings) println(io.stderr, warning);
  println(
    io.stdout,
    values.why
      ? renderWhy(result.sessionId, result.verdict, result.reasons)
      : formatVerdictJson(result.verdict),
  );
  return 0;
}
