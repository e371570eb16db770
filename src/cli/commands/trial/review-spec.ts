import { cliDescription } from '../../../parameters/shared.js';
import { TRIAL_REVIEW_PARAMETERS } from '../../../trial/parameters.js';
import { defineCommand } from '../../args.js';
import { PRICING } from '../../pricing-spec.js';
import { REVIEW_OPTIONS } from './common.js';

const text = (arg: string, description: string) => ({ type: 'string', arg, description }) as const;

export const SPEC = defineCommand({
  path: 'trial review',
  summary:
    'Weigh elapsed trials: KEEP/REVERT/INCONCLUSIVE rows on stdout, DEFER lines on stderr; or record a decision',
  details:
    "Never writes a rule. By default a trial is decided by its effect on friction per 100 turns with a\nconfidence interval (--rule seed: the seed's mean comparison, its output byte for byte). Rows are 12\ntab-separated columns: action agent directive source trial_start\nbaseline_mean baseline_n in_trial_mean in_trial_n baseline_ids in_trial_ids review_after. With\n--record-decision it appends one decision to .claude/retro/directive-history.jsonl instead.",
  options: {
    ...REVIEW_OPTIONS,
    json: {
      type: 'boolean',
      description: 'every trial as JSON: decision, reason, sides, effect, pattern, violations',
    },
    pricing: PRICING,
    survival: {
      type: 'boolean',
      description: `with --json: ${cliDescription(TRIAL_REVIEW_PARAMETERS.survival)}`,
    },
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
    decision: {
      type: 'string',
      choices: ['KEEP', 'REVERT', 'INCONCLUSIVE'],
      description: 'record: the decision',
    },
    'decided-by': { type: 'string', choices: ['user', 'auto'], description: 'record: who decided' },
  },
  examples: [
    ['retrospect trial review', 'KEEP/REVERT rows for the elapsed trials of this project'],
    ['retrospect trial review --json', 'every trial with its effect, interval, pattern and violations'],
    ['retrospect trial review --rule seed', "the seed's rule and rows"],
    [
      'retrospect trial review --record-decision --agent ic5 --directive "Run tests first" --decision KEEP --decided-by user',
      'record a decision',
    ],
  ],
  environment: 'CLAUDE_CONFIG_DIR, RETROSPECT_DATA_DIR, RETRO_THRESHOLD',
});
