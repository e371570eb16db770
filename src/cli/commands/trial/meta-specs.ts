import { defineCommand } from '../../args.js';

const LINE = {
  name: 'LINE',
  required: true,
  description: 'a rule line (one that starts with - or -- goes after --)',
} as const;

export const PARSE_SPEC = defineCommand({
  path: 'trial parse',
  summary: 'Print text<TAB>start<TAB>source<TAB>review_after of a rule line (exit 1: no trial comment)',
  args: [LINE],
  options: {},
  examples: [
    [
      "retrospect trial parse '3. Run bash -n <!-- trial start=2026-07-03 source=s#m review-after=10-sessions -->'",
      'the four fields, tab-separated',
    ],
  ],
  exitStatus: '0 printed, 1 no trial comment (or one missing start, source or review-after), 2 usage error',
});

export const STRIP_SPEC = defineCommand({
  path: 'trial strip',
  summary: 'Print a rule line without its trial comment',
  args: [LINE],
  options: {},
  examples: [
    ["retrospect trial strip '3. Run bash -n <!-- trial start=2026-07-03 -->'", 'prints: 3. Run bash -n'],
  ],
});

export const ANNOTATE_SPEC = defineCommand({
  path: 'trial annotate',
  summary: 'Print a rule line with its trial comment (replacing any it had)',
  options: {
    text: { type: 'string', arg: 'TEXT', required: true, description: 'the rule line (one line)' },
    start: { type: 'string', arg: 'YYYY-MM-DD', required: true, description: 'the day the trial starts' },
    source: {
      type: 'string',
      arg: 'SESSION#ANCHOR',
      required: true,
      description: 'where the rule came from',
    },
    'review-after': {
      type: 'string',
      arg: 'N-sessions|D-days',
      required: true,
      description: 'when to review it',
    },
  },
  examples: [
    [
      "retrospect trial annotate --text '3. Run bash -n' --start 2026-07-03 --source s#m --review-after 10-sessions",
      'the line with its trial comment',
    ],
  ],
});
