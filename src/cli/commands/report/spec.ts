import { cliDescription } from '../../../parameters/shared.js';
import { REPORT_PARAMETERS } from '../../../report/parameters.js';
import { defineCommand } from '../../args.js';
import { DATE_RANGE, HOST_FILTER, PROJECT_FILTER, STORE } from '../../common-options.js';
import { PRICING } from '../../pricing-spec.js';
import { PROFILE } from '../../profile-option.js';
import { SURVIVAL_OPTIONS } from '../../survival-option.js';

const shared = REPORT_PARAMETERS;

export const SPEC = defineCommand({
  path: 'report',
  summary: 'Write the session store as a self-contained HTML friction report',
  details:
    "One page, no network: summary, friction per agent (once another agent's sessions are stored), friction per\nweek, signal mix per project, the top flagged sessions (each opening to the messages its signals fired on)\nand, with --mroot, 'Do the rules work?' and the project's trial decisions; with --survival, 'Was the agents'\ncode kept?' (git blame in each session's repository, bounded in time). It reads the store that\n'retrospect scan' keeps (and quotes transcripts still on disk).",
  options: {
    out: {
      type: 'string',
      arg: 'FILE.html',
      required: true,
      description: 'the page to write (its folder must exist)',
    },
    force: {
      type: 'boolean',
      description: 'replace an existing --out file even when it is not a report this command wrote',
    },
    demo: { type: 'boolean', description: cliDescription(shared.demo) },
    store: STORE,
    project: PROJECT_FILTER,
    host: HOST_FILTER,
    ...DATE_RANGE,
    machine: { type: 'string', arg: 'NAME', description: "a shared store: only this machine's sessions" },
    user: { type: 'string', arg: 'NAME', description: "a shared store: only this user's sessions" },
    mroot: { type: 'string', arg: 'DIR', description: cliDescription(shared.mroot) },
    budget: {
      type: 'string',
      arg: 'TOKENS',
      description: `with --mroot: ${cliDescription(shared.budget)}`,
      default: shared.budget.default,
    },
    ...SURVIVAL_OPTIONS,
    profile: PROFILE,
    pricing: PRICING,
  },
  examples: [
    ['retrospect report --demo --out demo.html', 'the bundled demo sessions'],
    ['retrospect scan && retrospect report --out friction.html --since 30d', "this machine's last 30 days"],
    [
      'retrospect report --out kept.html --since 90d --survival --survival-days 30',
      "with how much of each project's committed agent code was still there a month on",
    ],
    [
      'retrospect report --store postgres://db.internal/retro --out team.html',
      'every machine of a shared store',
    ],
  ],
  environment: 'RETRO_GATE_PROFILE, RETRO_THRESHOLD, RETROSPECT_DATA_DIR, RETROSPECT_STORE',
});
