import { defineCommand } from '../../args.js';
import {
  DRY_RUN,
  HOST_FILTER,
  JSON_OUTPUT,
  PROJECTS_ROOT,
  READER_OPTIONS,
  THRESHOLD,
} from '../../common-options.js';
import { PROFILE } from '../../profile-option.js';
import { SAVE_READER } from '../deep-read/save-reader.js';

export const SPEC = defineCommand({
  path: 'retro',
  summary: 'Session retrospective: from rough sessions to rules on trial',
  details:
    "Gates this project's newest session of any agent (or the one named, or with --all every session of every\nproject and agent), deep-reads the rough ones, classifies each proposed rule against the existing ones and\napplies what you confirm; new rules start as trials. Results go to stdout; questions, progress and problems to stderr.",
  args: [
    {
      name: 'SESSION',
      description:
        "a session id or its unique prefix as 'retrospect scan' prints it, or a session file of any agent (a Codex rollout, a Gemini CLI chat…)",
    },
  ],
  options: {
    all: {
      type: 'boolean',
      description: 'every session of every project (patterns must recur in two sessions)',
    },
    auto: {
      type: 'boolean',
      description: 'decide without asking (with --all: the unattended, scheduled run)',
    },
    why: { type: 'boolean', description: 'show where it looked, skipped sessions and each gate table' },
    'dry-run': {
      ...DRY_RUN,
      description: 'show what would be applied and saved, write nothing, ask nothing',
    },
    json: JSON_OUTPUT,
    'also-claude-md': {
      type: 'boolean',
      description: "keep a lessons section in the project's CLAUDE.md in step",
    },
    'also-agents-md': {
      type: 'boolean',
      description: "the same section in the project's AGENTS.md (Codex, OpenCode and Copilot CLI read it)",
    },
    'also-gemini-md': {
      type: 'boolean',
      description: "the same section in the project's GEMINI.md (Gemini CLI reads it)",
    },
    ...READER_OPTIONS,
    'save-reader': SAVE_READER,
    answers: {
      type: 'string',
      arg: 'PATH',
      description:
        "your own model's answers instead of a provider: a file for the one session, or a folder of <session id>.json files (validated as a provider's)",
    },
    'projects-root': PROJECTS_ROOT,
    host: HOST_FILTER,
    threshold: THRESHOLD,
    today: {
      type: 'string',
      arg: 'YYYY-MM-DD',
      description: 'the day trials start and are reviewed on',
      default: 'today, in UTC',
    },
    concurrency: { type: 'string', arg: 'N', description: 'deep reads at once', default: '3' },
    'gate-cap-ms': {
      type: 'string',
      arg: 'MS',
      description: 'longest a session may take to gate before it is skipped',
      default: '2000 with --all, else 5000',
    },
    profile: PROFILE,
    'trial-rule': {
      type: 'string',
      choices: ['effect', 'seed'],
      description:
        "how elapsed trials are decided: by effect with a confidence interval, or the seed's means",
      default: 'effect',
    },
    'install-hooks': {
      type: 'boolean',
      description: 'with --auto: install the guard hooks proposed for rules broken again and again',
    },
  },
  examples: [
    ['retrospect retro', "this project's newest session; asks before each change"],
    [
      'retrospect retro 1f7a9c3e --why --dry-run',
      'one session by its short id; show everything, write nothing',
    ],
    ['retrospect retro --all --auto', 'every session, unattended (what the schedule runs)'],
    [
      'retrospect retro 1f7a9c3e --answers answer.json',
      "apply what your own agent answered to 'retrospect deep-read 1f7a9c3e --dry-run' (checked first)",
    ],
  ],
  environment:
    'RETRO_GATE_PROFILE, RETRO_THRESHOLD, RETROSPECT_PROVIDER, RETROSPECT_MODEL, OPENAI_API_KEY, ANTHROPIC_API_KEY, CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, XDG_DATA_HOME, OPENCODE_DB, COPILOT_HOME',
  exitStatus: '0 done, 1 failed (no repository, a session not found, a provider to fix), 2 usage error',
});
