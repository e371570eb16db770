import { reviewTrials, trialLabel } from '../../../trial/review.js';
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
  const summaries = reviewTrials(settings.mainCheckout, sessions, settings.today).map(trialSummary);
  if (values.json) {
    println(io.stdout, JSON.stringify(summaries, null, 2));
    return 0;
  }
  if (summaries.length === 0) {
    println(io.stdout, 'No rules on trial.');
    return 0;
  }
  for (const s of summaries) {
    println(io.stdout, `${trialLabel(s)}: ${s.rule}`);
    println(io.stdout, `  state:    ${s.state}`);
    println(io.stdout, `  trial:    start=${s.start} review-after=${s.reviewAfter} source=${s.source}`);
    println(
      io.stdout,
      `  evidence: baseline mean=${s.baseline.mean} n=${s.baseline.n}; in-trial mean=${s.inTrial.mean} n=${s.inTrial.n}`,
    );
  }
  return 0;
}
