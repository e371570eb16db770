import { resolve } from 'node:path';
import { MAX_ANSWER_BYTES, nonEmptyAnswer, readAnswerFile } from '../../../deepread/answer-file.js';
import { InputError } from '../../../errors/errors.js';
import { type CliIo, readStdinText } from '../../io.js';

/** `--answer FILE` or `--answer -`: the answer text (relative paths from the command's folder). */
export async function readAnswerArg(arg: string, io: CliIo, option = '--answer'): Promise<string> {
  if (arg === '-') {
    const text = await readStdinText(io);
    if (Buffer.byteLength(text) > MAX_ANSWER_BYTES)
      throw new InputError(`${option}: stdin holds more than ${MAX_ANSWER_BYTES} bytes; that is no answer`);
    return nonEmptyAnswer(text, option, 'stdin');
  }
  return readAnswerFile(resolve(io.cwd, arg), option);
}
