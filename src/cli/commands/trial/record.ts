import { recordTrialDecision } from '../../../trial/history.js';
import { parseScore } from '../../../trial/scores.js';
import { type ParsedArgs, usageError } from '../../args.js';
import type { CliIo } from '../../io.js';
import { resolveMainCheckout } from './common.js';
import { SPEC } from './review-spec.js';

const ids = (text: string | undefined): string[] =>
  (text ?? '')
    .trim()
    .split(',')
    .filter((id) => id !== '');
const count = (text: string | undefined): number => Math.trunc(parseScore(text) ?? 0);

/** `trial review --record-decision`: appends one decision, with its evidence, to the directive history. */
export function runRecordDecision(v: ParsedArgs<typeof SPEC.options>['values'], io: CliIo): number {
  const mainCheckout = resolveMainCheckout(v.mroot, io);
  if (!v.agent || !v.directive || !v.decision || !v['decided-by'])
    throw usageError(SPEC, '--record-decision needs --agent --directive --decision --decided-by');
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
    decision: v.decision as 'KEEP' | 'REVERT' | 'INCONCLUSIVE',
    decided_by: v['decided-by'] as 'user' | 'auto',
  });
  return 0;
}
