import { defineCommand } from '../../args.js';

/** The command's options and help, apart from its code: `retrospect hook --help` lists it without loading that. */
export const HINT_SPEC = defineCommand({
  path: 'hook hint',
  summary: "For Stop/SessionEnd: suggest 'retrospect retro <session>' when the session passes the threshold",
  details:
    'Gates the session that is ending (in a worker, within the budget) and prints one suggestion line when\nits friction score passes RETRO_THRESHOLD; quiet otherwise.',
  options: {
    'budget-ms': {
      type: 'string',
      arg: 'MS',
      description: 'give up gating after this long',
      default: '5000',
    },
    'system-message': {
      type: 'boolean',
      description: 'print {"systemMessage": ...}, which Claude Code shows the user',
    },
    once: { type: 'boolean', description: 'suggest a retro at most once per session' },
  },
  examples: [['retrospect hook hint --system-message < payload.json', 'the hint as Claude Code shows it']],
  environment: 'RETRO_THRESHOLD, CLAUDE_CONFIG_DIR',
  exitStatus: 'always 0, also for a usage error: a hook must never block the agent',
  usageExit: 0,
});
