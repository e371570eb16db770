import { type CliIo, println } from '../../io.js';
import { oneLine } from './one-line.js';

/** The capture path imports only what it needs: Claude Code runs it after every failed tool call. */
export async function frictionCapture(io: CliIo): Promise<number> {
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
