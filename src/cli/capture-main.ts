import { writeSync } from 'node:fs';
import { readHookInput } from '../hooks/stdin.js';
import { readHookInputFromFd } from '../hooks/stdin-fd.js';
import { redactSecrets, secretsFromEnv } from '../safety/redact.js';
import { terminalSafe } from '../safety/terminal.js';
import { runFrictionCapture } from './commands/hook/friction-capture-run.js';

/** Writes `text` whole to `fd`; a closed or failing stderr loses the line, never the hook's exit 0. */
function writeAll(fd: number, text: string): void {
  const data = Buffer.from(text, 'utf8');
  try {
    let written = 0;
    while (written < data.length) written += writeSync(fd, data, written);
  } catch {
    // Nobody reads our stderr any more: there is no one to tell.
  }
}

/**
 * `retrospect hook friction-capture` exactly as Claude Code runs it (nothing after it), bundled alone into
 * dist/cli/capture-main.cjs, which bin/retrospect.js requires for that command line: CommonJS, so that
 * Node starts no ES module loader (on Node 20 that loader alone loads node:fs/promises and readline), no
 * main(), no option parser, and no process.stdin or process.stderr, whose making loads the stream modules.
 * What it says is made safe as println makes it: secrets redacted, control characters escaped. The
 * process exits as soon as the capture is done, whatever is still pending (a lock poll's timer).
 */
export async function captureMain(): Promise<never> {
  const code = await runFrictionCapture({
    // A file, a pipe or a socket is read from fd 0; a terminal (or what else cannot be read without
    // waiting) as the CLI reads it, process.stdin made only then.
    readInput: (limits) => readHookInputFromFd(0, limits, (left) => readHookInput(process.stdin, left)),
    say: (line) =>
      writeAll(2, terminalSafe(redactSecrets(`${line}\n`, secretsFromEnv(process.env)), { multiline: true })),
    env: process.env,
    cwd: process.cwd(),
  });
  process.exit(code);
}
