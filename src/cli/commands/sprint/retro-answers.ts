import { join, resolve } from 'node:path';
import { InputError } from '../../../errors/errors.js';
import { loadAnswers, type RetroAnswers } from '../../../sprint/facilitate/answers.js';
import { DEMO_ANSWERS_FILE } from '../../../sprint/read/demo.js';
import { type CliIo, println } from '../../io.js';

/**
 * The answers a `sprint retro` run facilitates from: `--answers FILE`; else, for the demo away from a
 * terminal, the demo's own recorded answers (said on stderr, so that nobody takes the replay for a
 * facilitated retro); at a terminal the demo asks like any retro. Without answers or a skeleton the retro
 * needs a terminal.
 */
export function retroAnswersFor(
  values: { answers?: string | undefined; demo?: boolean | undefined },
  yolo: string | undefined,
  root: string,
  io: CliIo,
): RetroAnswers | undefined {
  const replay = values.answers === undefined && values.demo === true && !yolo && !io.stdin.isTTY;
  const answersPath = values.answers ?? (replay ? join(root, DEMO_ANSWERS_FILE) : undefined);
  if (!answersPath && !yolo && !io.stdin.isTTY) {
    throw new InputError(
      'no terminal to facilitate the retro at: pass --answers FILE, or --yolo-defaults seed-from-metrics for an unattended skeleton retro',
    );
  }
  if (replay)
    println(
      io.stderr,
      `replaying the demo's recorded answers (${DEMO_ANSWERS_FILE}): no terminal to ask at; run it at a terminal to facilitate it yourself, or pass --answers FILE`,
    );
  return answersPath ? loadAnswers(resolve(io.cwd, answersPath)) : undefined;
}
