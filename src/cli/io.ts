import type { Readable, Writable } from 'node:stream';

/**
 * Everything a command touches outside its arguments. Commands take it as a parameter so that tests can
 * run them in-process, and so that the core never reaches for process globals.
 */
export interface CliIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Writes one line (a newline is added). */
export function println(stream: Writable, text = ''): void {
  stream.write(`${text}\n`);
}

/** The whole of stdin as UTF-8 text, for arguments given as `-` (a diff, a payload). */
export async function readStdinText(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
