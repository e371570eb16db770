import { readFileSync, statSync } from 'node:fs';
import { InputError } from '../errors/errors.js';

/** An answer longer than this is not a deep-read answer (five rules and a few anchors fit in a few KB). */
export const MAX_ANSWER_BYTES = 1_000_000;

const ANSWER_EXPECTED = "a file holding the model's answer (one JSON object), or - for stdin";

/** The text of an answer, refused when it is empty (an empty answer is a mistake, not zero proposals). */
export function nonEmptyAnswer(text: string, option: string, where: string): string {
  if (text.trim().length === 0)
    throw new InputError(`${option}: ${where} is empty; expected ${ANSWER_EXPECTED}`);
  return text;
}

/** The answer text of one file (read, never changed), or a one-line error saying what was expected. */
export function readAnswerFile(path: string, option: string): string {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new InputError(`${option}: ${path} is not a file; expected ${ANSWER_EXPECTED}`);
    size = stat.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${option}: no such file: ${path}; expected ${ANSWER_EXPECTED}`);
  }
  if (size > MAX_ANSWER_BYTES)
    throw new InputError(`${option}: ${path} is ${size} bytes; an answer is at most ${MAX_ANSWER_BYTES}`);
  return nonEmptyAnswer(readFileSync(path, 'utf8'), option, path);
}
