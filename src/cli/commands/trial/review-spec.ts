import { defineCommand } from '../../args.js';
import { REVIEW_OPTIONS } from './common.js';

const text = (arg: string, description: string) => ({ type: 'string', arg, description }) as const;

export const SPEC = defineCommand({
  path: 'trial review',
  summary: 'Weigh elapsed trials: KEEP/REVERT rows on stdout, DEFER lines on stderr; or record a decision',
  details:
    'Never writes a rule. Rows are 12 tab-separated columns: action agent directive source trial_start\nbaseline_mean baseline_n in_trial_mean in_trial_n baseline_ids in_trial_ids review_after. With\n--record-decision it appends one decision to .claude/retro/directive-history.jsonl instead.',
  options: {
    ...REVIEW_OPTIONS,
    'record-decision': {
      type: 'boolean',
      description: 'record one decision (needs --agent --directive --decision --decided-by)',
    },
    agent: text('AGENT', 'record: the agent whose rule it is'),
    directive: text('TEXT', 'record: the rule'),
    source: text('SESSION#ANCHOR', 'record: where the rule came from'),
    'trial-start': text('YYYY-MM-DD', 'record: the day the trial started'),
    'baseline-mean': text('M', 'record: mean score before the trial'),
    'baseline-n': text('N', 'record: sessions before the trial'),
    'baseline-ids': text('ID,...', 'record: those sessions'),
    'in-trial-mean': text('M', 'record: mean score during the trial'),
    'in-trial-n': text('N', 'record: sessions during the trial'),
    'in-trial-ids': text('ID,...', 'record: those sessions'),
    decision: { type: 'string', choices: ['KEEP', 'REVERT'], description: 'record: the decision' },
    'decided-by': { type: 'string', choices: ['user', 'auto'], description: 'record: who decided' },
  },
  examples: [
    ['retrospect trial review', 'KEEP/REVERT rows for the elapsed trials of this project'],
    [
      'retrospect trial review --record-decision --agent ic5 --directive "Run tests first" --decision KEEP --decided-by user',
      'record a decision',
    ],
  ],
  environment: 'CLAUDE_CONFIG_DIR, RETROSPECT_DATA_DIR, RETRO_THRESHOLD',
});
