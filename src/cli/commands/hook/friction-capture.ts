import { defineCommand, parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { oneLine } from './one-line.js';

export const FRICTION_CAPTURE_SPEC = defineCommand({
  path: 'hook friction-capture',
  summary:
    'Record one friction row (PostToolUseFailure, PermissionDenied, StopFailure) in the friction ledger',
  details:
    'Reads the hook JSON on stdin and appends {ts, session_id, event, tool, path} to FRICTION_LEDGER, else\n<main checkout>/.claude/retro/friction.jsonl; no tool input, result or error text is ever stored.',
  options: {},
  examples: [
    ['retrospect hook friction-capture < payload.json', 'what Claude Code runs after a failed tool call'],
  ],
  environment: 'FRICTION_LEDGER, FRICTION_LEDGER_MAX_LINES (10000), FRICTION_LEDGER_MAX_BYTES (5242880)',
  exitStatus: 'always 0, also for a usage error: a hook must never block the agent',
  usageExit: 0,
});

/** The capture path imports only what it needs: Claude Code runs it after every failed tool call. */
export async function frictionCapture(args: string[], io: CliIo): Promise<number> {
  parseCommandArgs(args, FRICTION_CAPTURE_SPEC);
  try {
    const { readHookInput } = await import('../../../hooks/stdin.js');
    const input = await readHookInput(io.stdin);
    if (!input.ok) {
      println(io.stderr, `friction-capture: ${input.reason}`);
      return 0;
    }
    const { captureFriction } = await import('../../../ledger/capture.js');
    const result = captureFriction(input.text, { env: io.env, cwd: io.cwd });
    if (result.status === 'failed') println(io.stderr, `friction-capture: ${result.reason}`);
  } catch (error) {
    // A hook must not fail the agent's turn, whatever went wrong.
    println(io.stderr, `friction-capture: ${oneLine(error)}`);
  }
  return 0;
}
