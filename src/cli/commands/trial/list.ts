import { trialListLines } from '../../../trial/list-text.js';
import { reviewTrials } from '../../../trial/project-review.js';
import { trialSummary } from '../../../trial/state.js';
import { defineCommand, parseCommandArgs } from '../../args.js';
import { JSON_OUTPUT } from '../../common-options.js';
import { type CliIo, println } from '../../io.js';
import { REVIEW_OPTIONS, reviewSettings } from './common.js';

const SPEC = defineCommand({
  path: 'trial list',
  summary: 'Every rule on trial with its state and current evidence',
  details: 'Writes nothing. The evidence is what a review on that day would weigh (see trial review).',
  options: { ...REVIEW_OPTIONS, json: JSON_OUTPUT },
  examples: [
    ['retrospect trial list', "this project's trials"],
    ['retrospect trial list --json --today 2026-08-01', 'as a review on that day would see them'],
  ],
  environment: 'CLAUDE_CONFIG_DIR, RETROSPECT_DATA_DIR, RETRO_THRESHOLD',
});

/** `trial list`: every rule on trial, where it stands, and the evidence so far. Writes nothing. */
export async function runList(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const settings = reviewSettings(values, io);
  const sessions = await settings.source.scores();
  const summaries = reviewTrials(settings.mainCheckout, sessions, settings.today, settings.review).map(
    trialSummary,
  );
  if (values.json) {
    println(io.stdout, JSON.stringify(summaries, null, 2));
    return 0;
  }
  if (summaries.length === 0) {
    println(io.stdout, 'No rules on trial.');
    return 0;
  }
  for (const s of summaries) for (const line of trialListLines(s)) println(io.stdout, line);
  return 0;
}
