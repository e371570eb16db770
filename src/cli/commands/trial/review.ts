import { recordTrialDecision } from '../../../trial/history.js';
import { decisionTsvRow, deferLine, reviewTrials } from '../../../trial/review.js';
import { parseScore } from '../../../trial/scores.js';
import { parseCommandArgs, usageError } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { resolveMainCheckout, reviewSettings } from './common.js';
import { SPEC } from './review-spec.js';

const ids = (text: string | undefined): string[] =>
  (text ?? '')
    .trim()
    .split(',')
    .filter((id) => id !== '');
const count = (text: string | undefined): number => Math.trunc(parseScore(text) ?? 0);

/** `trial review`: weigh elapsed trials (never writing a rule), or append one decision to the history. */
export async function runReview(args: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommandArgs(args, SPEC);
  if (v['record-decision']) {
    const mainCheckout = resolveMainCheckout(v.mroot, io);
    if (!v.agent || !v.directive || !v.decision || !v['decided-by'])
      throw usageError(SPEC, '--record-decision needs --agent --directive --decision --decided-by');
    const decision = v.decision as 'KEEP' | 'REVERT';
    const decidedBy = v['decided-by'] as 'user' | 'auto';
    recordTrialDecision(mainCheckout, {
      agent: v.agent,
      directive: v.directive,
      source: v.source ?? '',
      trial_start: v['trial-start'] ?? '',
      baseline: {
        mean: parseScore(v['baseline-mean']) ?? 0,
        n: count(v['baseline-n']),
        sessions: ids(v['baseline-ids']),
      },
      in_trial: {
        mean: parseScore(v['in-trial-mean']) ?? 0,
        n: count(v['in-trial-n']),
        sessions: ids(v['in-trial-ids']),
      },
      decision,
      decided_by: decidedBy,
    });
    return 0;
  }
  const settings = reviewSettings(v, io);
  const sessions = await settings.source.scores();
  for (const evaluation of reviewTrials(settings.mainCheckout, sessions, settings.today)) {
    const row = decisionTsvRow(evaluation);
    if (row !== undefined) println(io.stdout, row);
    else println(io.stderr, deferLine(evaluation));
  }
  return 0;
}
