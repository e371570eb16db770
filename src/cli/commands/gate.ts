import { formatVerdictJson, gateSessionSync, renderWhy } from '../../gate/index.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';

const USAGE = 'retrospect gate <session.jsonl> [--threshold N] [--why]';

/**
 * `retrospect gate`: one line of verdict JSON on stdout (or the --why table), warnings on stderr, and
 * exit 0 whatever the file holds — callers grep stdout, as with the seed's gate.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    { threshold: { type: 'string' }, why: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    USAGE,
  );
  if (values.help) {
    println(
      io.stdout,
      `usage: ${USAGE}\n\nEnvironment: RETRO_THRESHOLD, FRICTION_LEDGER, RETRO_FORCE_TRANSCRIPT_S2=1`,
    );
    return 0;
  }
  const result = gateSessionSync(positionals[0], { threshold: values.threshold, env: io.env, cwd: io.cwd });
  for (const warning of result.warnings) println(io.stderr, warning);
  println(
    io.stdout,
    values.why ? renderWhy(result.sessionId, result.verdict) : formatVerdictJson(result.verdict),
  );
  return 0;
}
