import { defineCommand } from '../../args.js';
import { JSON_OUTPUT, READER_OPTIONS, SESSION_ARG } from '../../common-options.js';
import { SAVE_READER } from './save-reader.js';

export const SPEC = defineCommand({
  path: 'deep-read',
  summary: 'Ask a model (or the offline heuristic) for cited rule proposals on one flagged session',
  details:
    "Turns the gate's friction anchors into at most five short, cited rule proposals and finds fabricated\nclaims; every citation is checked against the transcript. Without a provider it runs offline (heuristic).\nWrites nothing: 'retrospect retro' applies rules and saves fabrication anchors, in the session's own project.",
  args: [SESSION_ARG],
  options: {
    anchors: {
      type: 'string',
      arg: 'ID,...',
      description: 'message ids to read around',
      default: "the gate's signal ids",
    },
    answer: {
      type: 'string',
      arg: 'FILE',
      description:
        "read this answer of a model (- for stdin) instead of asking a provider; validated as a provider's",
    },
    ...READER_OPTIONS,
    'save-reader': SAVE_READER,
    json: JSON_OUTPUT,
    'dry-run': {
      type: 'boolean',
      description: 'print the prompt, send nothing (with --json: the whole request and how to answer it)',
    },
    audience: {
      type: 'string',
      choices: ['agent', 'remote'],
      description:
        'with --dry-run: the prompt for a reader that opens the transcript itself, or for a remote model (no local path)',
      default: "the chosen reader's (agent for an answer you give)",
    },
  },
  examples: [
    ['retrospect deep-read 1f7a9c3e', 'the session scan shows as 1f7a9c3e, read offline'],
    ['retrospect deep-read session.jsonl --provider anthropic --json', 'one JSON object on stdout'],
    ['retrospect deep-read session.jsonl --dry-run', 'the prompt that would be sent'],
    [
      'retrospect deep-read 1f7a9c3e --answer answer.json',
      'validate an answer your own agent gave to the --dry-run prompt; writes nothing',
    ],
  ],
  environment:
    'RETROSPECT_PROVIDER, RETROSPECT_MODEL, OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, RETROSPECT_LLM_TIMEOUT_MS',
  exitStatus:
    '0 the session was read, 1 missing transcript or a provider failure to fix, 2 usage or configuration error',
});
