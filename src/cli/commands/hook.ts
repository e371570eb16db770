import { parseCommandArgs } from '../args.js';
import { UsageError } from '../errors.js';
import { type CliIo, println } from '../io.js';

const USAGE = 'retrospect hook <friction-capture|hint> (run by Claude Code, hook JSON on stdin)';

const HELP = `usage: ${USAGE}

  friction-capture   record one friction row (PostToolUseFailure, PermissionDenied, StopFailure) in the
                     friction ledger: FRICTION_LEDGER, else <main checkout>/.claude/retro/friction.jsonl;
                     caps FRICTION_LEDGER_MAX_LINES (10000) and FRICTION_LEDGER_MAX_BYTES (5242880)
  hint [--budget-ms N] [--system-message]
                     for Stop/SessionEnd: gate this session and, when it passes RETRO_THRESHOLD, print one
                     line suggesting 'retrospect retro <session-id>' (as {"systemMessage": ...} with
                     --system-message, which Claude Code shows to the user)

Hook handlers always exit 0 and never block the agent; problems are one line on stderr.
Install the capture hook with 'retrospect init'.`;

const oneLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');

/** The capture path imports only what it needs: Claude Code runs it after every failed tool call. */
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
    println(io.stderr, `friction-capture: ${oneLine(error)}`);
  }
  return 0;
}

async function hint(args: string[], io: CliIo): Promise<number> {
  try {
    const options = { 'budget-ms': { type: 'string' }, 'system-message': { type: 'boolean' } } as const;
    const { values } = parseCommandArgs(
      args,
      options,
      'retrospect hook hint [--budget-ms N] [--system-message]',
    );
    const budgetMs = values['budget-ms'] === undefined ? undefined : Number(values['budget-ms']);
    if (budgetMs !== undefined && !(Number.isInteger(budgetMs) && budgetMs > 0)) {
      throw new Error(`--budget-ms takes a whole number of milliseconds, got '${values['budget-ms']}'`);
    }
    const { readHookInput } = await import('../../hooks/stdin.js');
    const input = io.stdin.isTTY ? { ok: true as const, text: '' } : await readHookInput(io.stdin);
    const { sessionHint } = await import('../../hooks/hint.js');
    const result = await sessionHint(input.ok ? input.text : '', { env: io.env, cwd: io.cwd, budgetMs });
    if (result.status === 'failed') println(io.stderr, `hint: ${result.reason}`);
    if (result.status !== 'suggest') return 0;
    println(
      io.stdout,
      values['system-message'] ? JSON.stringify({ systemMessage: result.line }) : result.line,
    );
  } catch (error) {
    println(io.stderr, `hint: ${oneLine(error)}`);
  }
  return 0;
}

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
