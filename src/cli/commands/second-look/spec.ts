import { defineCommand } from '../../args.js';
import { JSON_OUTPUT, READER_OPTIONS, SESSION_ARG } from '../../common-options.js';
import { PROFILE } from '../../profile-option.js';

export const SPEC = defineCommand({
  path: 'second-look',
  summary: 'Ask a model about a session whose gate score is near the threshold, and flag it by the answer',
  details:
    "Gates the session; when its score lies in the band near the threshold (3.0 under to 1.0 over it), or under\nthe band when the person's turns show a cue (two or more replies to the agent's claims of done that are not a\nplain approval, a turn retyped, an error pasted back), a model reads the person's turns and what the agent\ndid between them, and answers rough or smooth with a cited turn and quote. A valid answer decides the flag;\nan invalid one, or no reader (offline), leaves the gate's. The gate's own verdict and output do not change.",
  args: [SESSION_ARG],
  options: {
    prompt: {
      type: 'boolean',
      description: 'print the prompt and send nothing (for your own agent to answer; then --answer)',
    },
    answer: {
      type: 'string',
      arg: 'FILE',
      description:
        "read this answer to the prompt (- for stdin) instead of asking a provider; validated as a model's",
    },
    always: { type: 'boolean', description: 'look even when the score is outside the band' },
    ...READER_OPTIONS,
    threshold: {
      type: 'string',
      arg: 'N',
      description: 'score at which the gate flags a session',
      default: 'RETRO_THRESHOLD, else 5',
    },
    profile: PROFILE,
    json: JSON_OUTPUT,
  },
  examples: [
    ['retrospect second-look 1f7a9c3e', 'the session scan shows as 1f7a9c3e, read by the chosen reader'],
    ['retrospect second-look 1f7a9c3e --prompt > prompt.txt', 'the prompt, for your own agent to answer'],
    [
      'retrospect second-look 1f7a9c3e --answer answer.json --json',
      'that answer, validated; one JSON object',
    ],
  ],
  environment:
    'RETROSPECT_PROVIDER, RETROSPECT_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, RETROSPECT_LLM_TIMEOUT_MS, RETRO_GATE_PROFILE, RETRO_THRESHOLD',
  exitStatus:
    '0 the session was looked at (whatever the answer), 1 missing transcript or a provider failure to fix, 2 usage or configuration error',
});
