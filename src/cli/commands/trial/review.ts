import { costLine } from '../../../trial/effect/cost-json.js';
import { decisionTsvRow, deferLine } from '../../../trial/review.js';
import { runTrialReview } from '../../../trial/run-review.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { priceTableFrom } from '../../pricing-option.js';
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
  const { evaluations, rows } = await runTrialReview({
    mainCheckout: settings.mainCheckout,
    today: settings.today,
    source: settings.source,
    review: settings.review,
    prices: await priceTableFrom(v.pricing, io.cwd),
    rows: v.json === true,
    survival: v.survival === true,
    env: io.env,
  });
  if (rows) {
    println(io.stdout, JSON.stringify(rows, null, 2));
    return 0;
  }
  for (const evaluation of evaluations) {
    const row = decisionTsvRow(evaluation);
    if (row !== undefined) println(io.stdout, row);
    else println(io.stderr, deferLine(evaluation));
    const spend = costLine(evaluation);
    if (spend !== undefined) println(io.stderr, spend);
  }
  return 0;
}
