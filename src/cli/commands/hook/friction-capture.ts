import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { FRICTION_CAPTURE_SPEC } from './friction-capture-spec.js';
import { oneLine } from './one-line.js';

/**
 * The whole hook gets this long. Claude Code runs it after every failed tool call; past it, the hook says
 * what it was waiting on and exits 0, whatever it was stuck in (a ledger folder that cannot be made, a
 * lock that is not released, a file system that does not answer).
 */
export const CAPTURE_DEADLINE_MS = 2_000;
/** Own time limits end this much before the deadline, so that the usual one-line reason is printed. */
const MARGIN_MS = 300;

/** The capture path imports only what it needs: Claude Code runs it after every failed tool call. */
export async function frictionCapture(args: string[], io: CliIo): Promise<number> {
  parseCommandArgs(args, FRICTION_CAPTURE_SPEC);
  const started = Date.now();
  let stage = 'reading the hook input';
  // Every wait below is asynchronous (file operations run on the thread pool), so this timer fires even
  // when a file system call never returns; exit() does not wait for the pool.
  const deadline = setTimeout(() => {
    println(
      io.stderr,
      `friction-capture: gave up after ${CAPTURE_DEADLINE_MS} ms ${stage}; nothing recorded`,
    );
    process.exit(0);
  }, CAPTURE_DEADLINE_MS);
  deadline.unref();
  const remaining = () => Math.max(0, CAPTURE_DEADLINE_MS - MARGIN_MS - (Date.now() - started));
  try {
    const { readHookInput, DEFAULT_HOOK_INPUT_LIMITS } = await import('../../../hooks/stdin.js');
    const input = await readHookInput(io.stdin, { ...DEFAULT_HOOK_INPUT_LIMITS, timeoutMs: remaining() });
    if (!input.ok) {
      println(io.stderr, `friction-capture: ${input.reason}`);
      return 0;
    }
    stage = 'writing the friction ledger';
    const { captureFriction } = await import('../../../ledger/capture.js');
    const { resolveLedgerSettings } = await import('../../../ledger/settings.js');
    const result = await captureFriction(input.text, {
      settings: resolveLedgerSettings(io.env),
      cwd: io.cwd,
      lockTimeoutMs: remaining(),
    });
    if (result.status === 'failed') println(io.stderr, `friction-capture: ${result.reason}`);
  } catch (error) {
    // A hook must not fail the agent's turn, whatever went wrong.
    println(io.stderr, `friction-capture: ${oneLine(error)}`);
  } finally {
    clearTimeout(deadline);
  }
  return 0;
}
