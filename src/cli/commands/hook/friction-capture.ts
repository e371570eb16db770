import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { FRICTION_CAPTURE_SPEC } from './friction-capture-spec.js';

export { CAPTURE_DEADLINE_MS } from './friction-capture-run.js';

/**
 * The command as main() runs it (`--help`, tests in-process): the payload from io.stdin. What Claude Code
 * runs starts from cli/capture-main.ts instead, which reads fd 0 and loads neither main() nor the streams.
 */
export async function frictionCapture(args: string[], io: CliIo): Promise<number> {
  parseCommandArgs(args, FRICTION_CAPTURE_SPEC);
  const { runFrictionCapture } = await import('./friction-capture-run.js');
  const { readHookInput } = await import('../../../hooks/stdin.js');
  return runFrictionCapture({
    readInput: (limits) => readHookInput(io.stdin, limits),
    say: (line) => println(io.stderr, line),
    env: io.env,
    cwd: io.cwd,
  });
}
