import { UsageError } from '../../errors/errors.js';
import { type CliIo, println } from '../io.js';
import { frictionCapture } from './hook/friction-capture.js';
import { hint } from './hook/hint.js';

const USAGE = 'retrospect hook <friction-capture|hint> (run by Claude Code, hook JSON on stdin)';

const HELP = `usage: ${USAGE}

  friction-capture   record one friction row (PostToolUseFailure, PermissionDenied, StopFailure) in the
                     friction ledger: FRICTION_LEDGER, else <main checkout>/.claude/retro/friction.jsonl;
                     caps FRICTION_LEDGER_MAX_LINES (10000) and FRICTION_LEDGER_MAX_BYTES (5242880)
  hint [--budget-ms N] [--system-message] [--once]
                     for Stop/SessionEnd: gate this session and, when it passes RETRO_THRESHOLD, print one
                     line suggesting 'retrospect retro <session-id>' (as {"systemMessage": ...} with
                     --system-message, which Claude Code shows to the user)

Hook handlers always exit 0 and never block the agent; problems are one line on stderr.
Install the capture hook with 'retrospect init'.`;

/** `retrospect hook <name>`: runs one Claude Code hook handler (each always exits 0). */
export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (
    sub === undefined ||
    sub === '--help' ||
    sub === '-h' ||
    rest.includes('--help') ||
    rest.includes('-h')
  ) {
    println(io.stdout, HELP);
    return 0;
  }
  if (sub === 'friction-capture') return frictionCapture(io);
  if (sub === 'hint') return hint(rest, io);
  // Exit 1, not 2: for a Stop hook exit 2 means "keep working", which a typo must never trigger.
  throw new UsageError(`unknown hook '${sub}'\nusage: ${USAGE}`, 1);
}
