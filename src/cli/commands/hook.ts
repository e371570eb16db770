import { type CommandGroup, runGroup } from '../group.js';
import type { CliIo } from '../io.js';
import { FRICTION_CAPTURE_SPEC } from './hook/friction-capture-spec.js';
import { HINT_SPEC } from './hook/hint-spec.js';

const GROUP: CommandGroup = {
  path: 'hook',
  summary: 'Claude Code hook handlers',
  details:
    "Claude Code runs them with the hook's JSON on stdin. friction-capture and hint always exit 0 and never\nblock the agent; a guard blocks (exit 2, the reason on stderr) only by its rule, and lets the agent go on\nwhen it cannot judge. Problems are one line on stderr. 'retrospect init' installs the capture hook,\n'retrospect init --guard KIND' a guard.",
  subcommands: {
    'friction-capture': {
      summary: FRICTION_CAPTURE_SPEC.summary,
      // Each handler is a module (and a bundle) of its own: the capture, run after every failed tool call,
      // loads none of the gate that the hint runs.
      load: async () => (await import('./hook/friction-capture.js')).frictionCapture,
    },
    hint: {
      summary: HINT_SPEC.summary,
      load: async () => (await import('./hook/hint.js')).hint,
    },
    guard: {
      summary:
        'Enforce a rule that kept being broken: block a repeated failing command, an unread edit, an unchecked claim',
      // Loaded only when asked for: friction-capture runs after every failed tool call and must start fast.
      load: async () => (await import('./hook/guard.js')).guard,
    },
  },
  examples: [
    ['retrospect hook friction-capture < payload.json', 'what Claude Code runs after a failed tool call'],
    [
      'retrospect hook hint --system-message < payload.json',
      'the end-of-session hint as {"systemMessage": ...}',
    ],
  ],
  // Exit 1, not 2, for an unknown hook: for a Stop hook exit 2 means "keep working", which a typo must never trigger.
  usageExit: 1,
};

/** `retrospect hook <name>`: runs one Claude Code hook handler (each always exits 0). */
export async function run(args: string[], io: CliIo): Promise<number> {
  return runGroup(GROUP, args, io);
}
