import { SIGNAL_RANGE } from '../../../gate/signals.js';
import { defineCommand } from '../../args.js';
import { PRICING } from '../../pricing-spec.js';
import { PROFILE } from '../../profile-option.js';

export const SPEC = defineCommand({
  path: 'gate',
  summary: 'Score one session transcript with the friction gate',
  details: `Prints one line of verdict JSON (score, passed, threshold, signals ${SIGNAL_RANGE} with their message ids); problems\nare one line on stderr and an "error" in the JSON, as the seed gate answers.`,
  args: [
    {
      name: 'SESSION',
      description:
        "a transcript (.jsonl), or a session id or its unique prefix as 'retrospect scan' prints it",
    },
  ],
  options: {
    // Spelled here rather than taken from common-options: the gate's bundle stays small (startup.test.ts).
    threshold: {
      type: 'string',
      arg: 'N',
      description: 'score at which the verdict passes',
      default: 'RETRO_THRESHOLD, else 5',
    },
    why: {
      type: 'boolean',
      description: 'print the signal table, and why each hit counted, instead of JSON',
    },
    json: { type: 'boolean', description: 'print the verdict JSON (the default; wins over --why)' },
    profile: PROFILE,
    pricing: { ...PRICING, description: `with --why, ${PRICING.description}` },
  },
  examples: [
    ['retrospect gate ~/.claude/projects/-home-ada-shop/1f7a9c3e-….jsonl', 'one line of verdict JSON'],
    ['retrospect gate 1f7a9c3e --why', 'the signal table of the session scan shows as 1f7a9c3e'],
  ],
  environment:
    'RETRO_GATE_PROFILE, RETRO_THRESHOLD, FRICTION_LEDGER, RETRO_FORCE_TRANSCRIPT_S2=1, CLAUDE_CONFIG_DIR',
  exitStatus: 'always 0, also for a missing file or a usage error (the seed gate: callers read stdout)',
  usageExit: 0,
});
