import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** Asks one question and reads one answer line; undefined once the input has ended. */
export interface Prompter {
  ask(question: string): Promise<string | undefined>;
  close(): void;
}

/**
 * A prompter over any pair of streams: questions go to `output` (stderr or the terminal, never stdout,
 * which carries the retro's results), answers are read line by line from `input`. Lines that arrive
 * before they are asked for are queued, so answers can be piped in all at once.
 */
export function streamPrompter(input: Readable, output: Writable): Prompter {
  const reader = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  const queued: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;
  reader.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queued.push(line);
  });
  reader.on('close', () => {
    ended = true;
    for (const next of waiting.splice(0)) next(undefined);
  });
  return {
    ask(question) {
      output.write(question);
      const line = queued.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      reader.close();
    },
  };
}
