import { trialReviewJson } from '../../../trial/effect/json.js';
import { reviewTrials } from '../../../trial/project-review.js';
import { decisionTsvRow, deferLine } from '../../../trial/review.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { reviewSettings } from './common.js';
import { runRecordDecision } from './record.js';
import { SPEC } from './review-spec.js';

/**
 * `trial review`: weigh elapsed trials (never writing a rule) and print the decisions as the seed's TSV
 * rows (DEFER on stderr), or every trial as JSON; or append one decision to the history.
 */
export async function runReview(args: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommandArgs(args, SPEC);
  if (v['record-decision']) return runRecordDecision(v, io);
  const settings = reviewSettings(v, io);
  const sessions = await settings.source.scores();
  const evaluations = reviewTrials(settings.mainCheckout, sessions, settings.today, settings.review);
  if (v.json) {
    println(io.stdout, JSON.stringify(evaluations.map(trialReviewJson), null, 2));
    return 0;
  }
  for (const evaluation of evaluations) {
    const row = decisionTsvRow(evaluation);
    if (row !== undefined) println(io.stdout, row);
    else println(io.stderr, deferLine(evaluation));
  }
  return 0;
}
