import { UsageError } from '../errors.js';
import { type CliIo, println } from '../io.js';

const USAGE = 'retrospect hook <friction-capture|hint> (run by Claude Code, hook JSON on stdin)';

const HELP = `usage: ${USAGE}

  friction-capture  record one friction row (PostToolUseFailure, PermissionDenied, StopFailure) in the
                    friction ledger: FRICTION_LEDGER, else <main checkout>/.claude/retro/friction.jsonl;
                    caps FRICTION_LEDGER_MAX_LINES (10000) and FRICTION_LEDGER_MAX_BYTES (5242880)

Hook handlers always exit 0 and never block the agent; problems are one line on stderr.
Install them with 'retrospect init'.`;

/**
 * `retrospect hook friction-capture`: the capture path imports only what it needs (no schema library, no
 * other command) because Claude Code runs it after every failed tool call.
 */
async function frictionCapture(io: CliIo): Promise<number> {
  try {
    const { readHookInput } = await import('../../hooks/stdin.js');
    const input = await readHookInput(io.stdin);
    if (!input.ok) {
      println(io.stderr, `friction-capture: ${input.reason}`);
      return 0;
    }
    const { captureFriction } = await import('../../ledger/capture.js');
    const result = captureFriction(input.text, { env: io.env, cwd: io.cwd });
    if (result.status === 'failed') println(io.stderr, `friction-capture: ${result.reason}`);
  } catch (error) {
    // A hook must not fail the agent's turn, whatever went wrong.
    println(io.stderr, `friction-capture: ${error instanceof Error ? error.message : String(error)}`);
  }
  return 0;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    println(io.stdout, HELP);
    return sub === undefined ? 2 : 0;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    println(io.stdout, HELP);
    return 0;
  }
  if (sub === 'friction-capture') return frictionCapture(io);
  throw new UsageError(`unknown hook '${sub}'\nusage: ${USAGE}`);
}
