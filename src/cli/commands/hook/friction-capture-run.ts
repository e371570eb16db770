import { DEFAULT_HOOK_INPUT_LIMITS, type HookInput, type HookInputLimits } from '../../../hooks/stdin.js';
import { captureFriction } from '../../../ledger/capture.js';
import { resolveLedgerSettings } from '../../../ledger/settings.js';
import { oneLine } from './one-line.js';

/**
 * The whole hook gets this long. Claude Code runs it after every failed tool call; past it, the hook says
 * what it was waiting on and exits 0, whatever it was stuck in (a ledger folder that cannot be made, a
 * lock that is not released, a file system that does not answer).
 */
export const CAPTURE_DEADLINE_MS = 2_000;
/** Own time limits end this much before the deadline, so that the usual one-line reason is printed. */
const MARGIN_MS = 300;

/** Where one capture reads its payload and says what went wrong: the CLI's streams, or the hook's own fds. */
export interface FrictionCaptureIo {
  /** The hook's JSON payload, within the limits. */
  readInput(limits: HookInputLimits): Promise<HookInput>;
  /** Writes one line for stderr, made safe as the CLI's println makes it. */
  say(line: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * `retrospect hook friction-capture`: one payload in, at most one ledger row out, at most one line on
 * stderr, and always done within CAPTURE_DEADLINE_MS. Never throws; the exit status is always 0.
 */
export async function runFrictionCapture(io: FrictionCaptureIo): Promise<number> {
  const started = Date.now();
  let stage = 'reading the hook input';
  // Every wait below is asynchronous (file operations run on the thread pool), so this timer fires even
  // when a file system call never returns; exit() does not wait for the pool.
  const deadline = setTimeout(() => {
    io.say(`friction-capture: gave up after ${CAPTURE_DEADLINE_MS} ms ${stage}; nothing recorded`);
    process.exit(0);
  }, CAPTURE_DEADLINE_MS);
  deadline.unref();
  const remaining = () => Math.max(0, CAPTURE_DEADLINE_MS - MARGIN_MS - (Date.now() - started));
  try {
    const input = await io.readInput({ ...DEFAULT_HOOK_INPUT_LIMITS, timeoutMs: remaining() });
    if (!input.ok) {
      io.say(`friction-capture: ${input.reason}`);
      return 0;
    }
    stage = 'writing the friction ledger';
    const result = await captureFriction(input.text, {
      settings: resolveLedgerSettings(io.env),
      cwd: io.cwd,
      lockTimeoutMs: remaining(),
    });
    if (result.status === 'failed') io.say(`friction-capture: ${result.reason}`);
  } catch (error) {
    // A hook must not fail the agent's turn, whatever went wrong.
    io.say(`friction-capture: ${oneLine(error)}`);
  } finally {
    clearTimeout(deadline);
  }
  return 0;
}
