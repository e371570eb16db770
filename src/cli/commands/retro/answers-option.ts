import { statSync } from 'node:fs';
import { UsageError } from '../../../errors/errors.js';
import type { AnswerSource } from '../../../retro/answers.js';

/**
 * `--answers PATH` as the retro takes it: a file answers the one session of a run without `--all`; a
 * folder holds `<full session id>.json` per session. Anything else is a usage error saying which.
 */
export function answerSource(path: string, all: boolean): AnswerSource {
  let isFile: boolean;
  try {
    const stat = statSync(path);
    if (!stat.isFile() && !stat.isDirectory()) throw new Error('neither');
    isFile = stat.isFile();
  } catch {
    throw new UsageError(
      `--answers: no such file or folder: ${path}; expected an answer file for one session, or a folder of <session id>.json files`,
    );
  }
  if (isFile && all)
    throw new UsageError(
      `--answers: ${path} is one file, but --all reads many sessions; give a folder of <session id>.json files`,
    );
  return { kind: isFile ? 'file' : 'folder', path };
}
