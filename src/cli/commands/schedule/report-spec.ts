import { defineCommand } from '../../args.js';

const count = (what: string) => ({ type: 'string', arg: 'N', description: what, default: '0' }) as const;
const lines = (what: string) =>
  ({ type: 'string', arg: 'FILE', description: `${what}, one per line` }) as const;

export const SPEC = defineCommand({
  path: 'schedule report',
  summary: 'Write one scheduled-run report in .claude/retro/ and print its path',
  details:
    'Writes .claude/retro/scheduled-<UTC time>.md (newest 12 kept), never with transcript text, and posts\nAGENT_WEBHOOK_URL when set (fail-open). The first report helper, call for call.',
  options: {
    mroot: { type: 'string', arg: 'PATH', required: true, description: "the project's main checkout" },
    mode: { type: 'string', choices: ['all-auto'], required: true, description: 'the run mode' },
    scanned: count('sessions scanned'),
    skipped: count('sessions skipped'),
    gated: count('sessions flagged by the gate'),
    deep: count('sessions deep-read'),
    'applied-file': lines('applied changes: target<TAB>action<TAB>summary'),
    'followup-file': lines('manual follow-ups'),
    'duplicate-file': lines('duplicate proposals'),
    'observations-file': lines('observations'),
    summary: { type: 'string', arg: 'TEXT', description: 'the summary line' },
    note: { type: 'string', arg: 'TEXT', description: 'a note (an empty or smooth run)' },
    'applied-count': { type: 'string', arg: 'N', description: 'applied changes, when not all are listed' },
    'followup-count': { type: 'string', arg: 'N', description: 'follow-ups, when not all are listed' },
  },
  examples: [
    ['retrospect schedule report --mroot . --mode all-auto --note "nothing to do"', 'a short report'],
  ],
  environment: 'AGENT_WEBHOOK_URL',
  exitStatus: "0 written, 1 usage or input error (the first helper's statuses)",
  usageExit: 1,
});
