import { join, resolve } from 'node:path';
import { InputError } from '../../../errors/errors.js';
import { loadAnswers, type RetroAnswers } from '../../../sprint/facilitate/answers.js';
import { DEMO_ANSWERS_FILE } from '../../../sprint/read/demo.js';
import type { CliIo } from '../../io.js';

/**
 * The answers a `sprint retro` run facilitates from: `--answers FILE`, else the demo's own answers
 * (unless the demo runs the skeleton). Without answers or a skeleton the retro needs a terminal.
 */
export function retroAnswersFor(
  values: { answers?: string | undefined; demo?: boolean | undefined },
  yolo: string | undefined,
  root: string,
  io: CliIo,
): RetroAnswers | undefined {
  const answersPath = values.answers ?? (values.demo && !yolo ? join(root, DEMO_ANSWERS_FILE) : undefined);
  if (!answersPath && !yolo && !io.stdin.isTTY) {
    throw new InputError(
      'no terminal to facilitate the retro at: pass --answers FILE, or --yolo-defaults seed-from-metrics for an unattended skeleton retro',
    );
  }
  return answersPath ? loadAnswers(resolve(io.cwd, answersPath)) : undefined;
}
