import { defineCommand } from '../../args.js';

/** The command's options and help, apart from its code: `retrospect hook --help` lists it without loading that. */
export const FRICTION_CAPTURE_SPEC = defineCommand({
  path: 'hook friction-capture',
  summary:
    'Record one friction row (PostToolUseFailure, PermissionDenied, StopFailure) in the friction ledger',
  details:
    'Reads the hook JSON on stdin and appends {ts, session_id, event, tool, path} to FRICTION_LEDGER, else\n<main checkout>/.claude/retro/friction.jsonl; no tool input, result or error text is ever stored.',
  options: {},
  examples: [
    ['retrospect hook friction-capture < payload.json', 'what Claude Code runs after a failed tool call'],
  ],
  environment: 'FRICTION_LEDGER, FRICTION_LEDGER_MAX_LINES (10000), FRICTION_LEDGER_MAX_BYTES (5242880)',
  exitStatus: 'always 0, also for a usage error: a hook must never block the agent',
  usageExit: 0,
});
