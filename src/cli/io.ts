import type { Readable, Writable } from 'node:stream';
import { nothingToRedact, redactSecrets } from '../safety/redact.js';
import { terminalSafe } from '../safety/terminal.js';

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

const quieted = new WeakSet<Writable>();

/**
 * A reader that closes its end of the pipe (`retrospect scan | head`) ends the output, not the command:
 * the first EPIPE marks the stream closed and every later write is dropped without a word, so the command
 * finishes its work (a scan still saves its verdicts) and exits with its own status. Other write errors
 * keep their usual course.
 */
function endQuietlyOnClosedPipe(stream: Writable): void {
  if (quieted.has(stream)) return;
  quieted.add(stream);
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (closed || error.code === 'EPIPE') {
      closed = true;
      return;
    }
    throw error;
  });
}

/**
 * The process's own streams, each made on first use: Node builds a stream object (and loads its module:
 * tty, net or fs) when `process.stdout`, `stderr` or `stdin` is first read, and a hook that writes
 * nothing should not pay for an stdout it never touches.
 */
export function processIo(): CliIo {
  return {
    get stdout() {
      endQuietlyOnClosedPipe(process.stdout);
      return process.stdout;
    },
    get stderr() {
      endQuietlyOnClosedPipe(process.stderr);
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    cwd: process.cwd(),
  };
}

/** The secrets configured for this run (see secretsFromEnv); main() sets them from the command's env. */
let outputSecrets: readonly string[] = [];

export function setOutputSecrets(secrets: readonly string[]): void {
  outputSecrets = secrets;
}

/**
 * Writes text meant for a person or a program, never raw: secrets are redacted, and control, format, bidi
 * and separator characters (from transcripts, model output, file names, git data) are shown as `\uXXXX`
 * escapes instead of driving the terminal; line feeds and tabs stay. JSON stays the same JSON.
 */
export function writeText(stream: Writable, text: string): void {
  stream.write(terminalSafe(redactSecrets(text, outputSecrets), { multiline: true }));
}

/** Writes one line (a newline is added), as writeText does. */
export function println(stream: Writable, text = ''): void {
  writeText(stream, `${text}\n`);
}

/** Text handed to the stream at a time by printLines: a few writes, not one per line. */
const LINES_CHUNK_CHARS = 256 * 1024;

/**
 * Writes lines as println writes each (each line made safe on its own, so that no pattern spans two), in
 * writes of about 256 kB: `scan --json` prints a line per session, and a thousand writes cost more than
 * the lines' own making.
 */
export function printLines(stream: Writable, lines: Iterable<string>): void {
  let pending: string[] = [];
  let chars = 0;
  for (const line of lines) {
    pending.push(line);
    chars += line.length + 1;
    if (chars >= LINES_CHUNK_CHARS) {
      stream.write(safeLines(pending));
      pending = [];
      chars = 0;
    }
  }
  if (pending.length > 0) stream.write(safeLines(pending));
}

/**
 * Lines, each ending in `\n`, each made safe as println makes it. A chunk with nothing to redact anywhere
 * (a scan's JSON, as a rule) is made safe whole: the same text (see nothingToRedact; terminalSafe
 * replaces character by character), without ten patterns started on each of a thousand lines.
 */
function safeLines(lines: readonly string[]): string {
  const whole = `${lines.join('\n')}\n`;
  if (nothingToRedact(whole, outputSecrets)) return terminalSafe(whole, { multiline: true });
  let out = '';
  for (const line of lines)
    out += terminalSafe(redactSecrets(`${line}\n`, outputSecrets), { multiline: true });
  return out;
}

/**
 * Writes a line that carries our own terminal styling (colour): only secrets are redacted. The caller must
 * have made every untrusted part of it safe already (the scan table passes each cell through terminalSafe).
 */
export function printlnStyled(stream: Writable, text: string): void {
  stream.write(`${redactSecrets(text, outputSecrets)}\n`);
}

/** The whole of stdin as UTF-8 text, for arguments given as `-` (a diff, a payload). */
export async function readStdinText(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
