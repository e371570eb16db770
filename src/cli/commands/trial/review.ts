import { costLine } from '../../../trial/effect/cost-json.js';
import { trialReviewJson } from '../../../trial/effect/json.js';
import { reviewTrials } from '../../../trial/project-review.js';
import { decisionTsvRow, deferLine, type TrialEvaluation } from '../../../trial/review.js';
import type { SessionScore } from '../../../trial/scores.js';
import { sideSurvival } from '../../../trial/survival.js';
import { sessionSurvival } from '../../../walk/survival/session-survival.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { priceTableFrom } from '../../pricing-option.js';
import { reviewSettings } from './common.js';
import { runRecordDecision } from './record.js';
import { SPEC } from './review-spec.js';

/** The committed code's survival of every session either side of a trial names, newest sessions first. */
async function measureSides(
  evaluations: readonly TrialEvaluation[],
  sessions: readonly SessionScore[],
  cwd: string,
  io: CliIo,
) {
  const named = new Set(evaluations.flatMap((e) => [...e.inTrial.sessionIds, ...e.baseline.sessionIds]));
  const transcripts = sessions
    .filter((s) => named.has(s.sessionId) && s.path !== undefined)
    .sort((a, b) => (b.mtime ?? 0) - (a.mtime ?? 0))
    .map((s) => ({ sessionId: s.sessionId, path: s.path as string }));
  return sessionSurvival({ cwd, env: io.env, transcripts });
}

/**
 * `trial review`: weigh elapsed trials (never writing a rule) and print the decisions as the seed's TSV
 * rows (DEFER on stderr), or every trial as JSON; or append one decision to the history.
 */
export async function runReview(args: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommandArgs(args, SPEC);
  if (v['record-decision']) return runRecordDecision(v, io);
  const settings = reviewSettings(v, io);
  const sessions = await settings.source.scores();
  const prices = await priceTableFrom(v.pricing, io.cwd);
  const evaluations = reviewTrials(settings.mainCheckout, sessions, settings.today, {
    ...settings.review,
    prices,
  });
  if (v.json) {
    const measured = v.survival
      ? await measureSides(evaluations, sessions, settings.mainCheckout, io)
      : undefined;
    const json = evaluations.map((e) => ({
      ...trialReviewJson(e),
      ...(measured
        ? {
            survival: {
              baseline: sideSurvival(e.baseline.sessionIds, measured),
              during: sideSurvival(e.inTrial.sessionIds, measured),
            },
          }
        : {}),
    }));
    println(io.stdout, JSON.stringify(json, null, 2));
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
