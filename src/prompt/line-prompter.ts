import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { terminalSafe } from '../safety/terminal.js';

/**
 * One side of a terminal conversation (the sprint retro's facilitator, the session retro's confirm step):
 * lines shown and answers read. A small seam over readline so that tests (and other front ends) can drive
 * it with any stream of lines. Questions go to `output` (stderr or the terminal, never stdout, which carries
 * results); lines that arrive before they are asked for are queued, so answers can be piped in at once.
 */
export interface Prompter {
  say(text: string): void;
  /** Shows `question` and resolves with the next line, or undefined once the input has ended. */
  ask(question: string): Promise<string | undefined>;
  close(): void;
}

/** A prompter over a line stream (a terminal, a pipe, a test's PassThrough). */
export function createLinePrompter(input: Readable, output: Writable): Prompter {
  const lines = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  const queued: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queued.push(line);
  });
  lines.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next(undefined);
  });
  return {
    say(text) {
      output.write(`${terminalSafe(text, { multiline: true })}\n`);
    },
    ask(question) {
      output.write(terminalSafe(question, { multiline: true }));
      const line = queued.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      lines.close();
    },
  };
}
