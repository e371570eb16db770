import { UsageError } from '../../../errors/errors.js';
import { recordTrialDecision } from '../../../trial/history.js';
import { decisionTsvRow, deferLine, reviewTrials } from '../../../trial/review.js';
import { parseScore } from '../../../trial/scores.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { REVIEW_OPTIONS, resolveMainCheckout, reviewSettings } from './common.js';

const USAGE = 'retrospect trial review [--mroot P] [review options] | --record-decision ...';

const RECORD_OPTIONS = {
  'record-decision': { type: 'boolean' },
  agent: { type: 'string' },
  directive: { type: 'string' },
  source: { type: 'string' },
  'trial-start': { type: 'string' },
  'baseline-mean': { type: 'string' },
  'baseline-n': { type: 'string' },
  'baseline-ids': { type: 'string' },
  'in-trial-mean': { type: 'string' },
  'in-trial-n': { type: 'string' },
  'in-trial-ids': { type: 'string' },
  decision: { type: 'string' },
  'decided-by': { type: 'string' },
} as const;

const ids = (text: string | undefined): string[] =>
  (text ?? '')
    .trim()
    .split(',')
    .filter((id) => id !== '');
const count = (text: string | undefined): number => Math.trunc(parseScore(text) ?? 0);

/** `trial review`: weigh elapsed trials (never writing a rule), or append one decision to the history. */
export async function runReview(args: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommandArgs(args, { ...REVIEW_OPTIONS, ...RECORD_OPTIONS }, USAGE, 1);
  if (v['record-decision']) {
    const mainCheckout = resolveMainCheckout(v.mroot, io);
    if (!v.agent || !v.directive || !v.decision || !v['decided-by']) {
      throw new UsageError('--record-decision: --agent --directive --decision --decided-by required', 1);
    }
    if (v.decision !== 'KEEP' && v.decision !== 'REVERT') {
      throw new UsageError('--record-decision: --decision must be KEEP|REVERT', 1);
    }
    const decidedBy = v['decided-by'];
    if (decidedBy !== 'user' && decidedBy !== 'auto') {
      throw new UsageError('--record-decision: --decided-by must be user|auto', 1);
    }
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
      decision: v.decision,
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
