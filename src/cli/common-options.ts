import { PROVIDER_NAMES } from '../llm/provider-names.js';
import { cliDescription } from '../parameters/shared.js';
import { SCAN_PARAMETERS } from '../scan/parameters.js';

/**
 * Options several commands share, so that each reads and explains the same way everywhere. A command
 * spreads the ones it takes into its own table (`{ ...MODEL_OPTIONS, json: JSON_OUTPUT }`).
 */
/** The SESSION argument of the commands that read one session (the gate spells its own: its bundle stays small). */
export const SESSION_ARG = {
  name: 'SESSION',
  required: true,
  description: "a transcript (.jsonl), or a session id or its unique prefix as 'retrospect scan' prints it",
} as const;

export const JSON_OUTPUT = { type: 'boolean', description: 'print JSON instead of text' } as const;

export const DRY_RUN = { type: 'boolean', description: 'show what would happen, write nothing' } as const;

/** `--provider`, `--model`, `--base-url`: which model answers. */
export const MODEL_OPTIONS = {
  provider: {
    type: 'string',
    choices: PROVIDER_NAMES,
    description: 'model provider (heuristic runs offline)',
    default: 'RETROSPECT_PROVIDER, else heuristic',
  },
  model: {
    type: 'string',
    arg: 'MODEL',
    description: 'model name',
    default: "RETROSPECT_MODEL, else the provider's",
  },
  'base-url': {
    type: 'string',
    arg: 'URL',
    description: 'API base URL of an OpenAI- or Anthropic-compatible server',
    default: 'OPENAI_BASE_URL / ANTHROPIC_BASE_URL',
  },
} as const;

/**
 * `--provider` etc. for the session deep read (`deep-read`, `retro`), whose reader, when none is named, is
 * found in order (docs/deep-read.md#providers): the project's recorded reader, RETROSPECT_PROVIDER, an API
 * key in the environment, an agent CLI on PATH, and only then the offline heuristic.
 */
export const READER_OPTIONS = {
  ...MODEL_OPTIONS,
  provider: {
    ...MODEL_OPTIONS.provider,
    default:
      "the project's recorded reader, RETROSPECT_PROVIDER, an API key, claude/codex/gemini on PATH, else heuristic",
  },
} as const;

export const THRESHOLD = {
  type: 'string',
  arg: 'N',
  description: 'friction score at which a session is flagged',
  default: 'RETRO_THRESHOLD, else 5',
} as const;

export const PROJECTS_ROOT = {
  type: 'string',
  arg: 'DIR',
  description: "a Claude Code projects folder to read instead of each config dir's projects/",
} as const;

/** `--since` / `--until` as scan and report read them (scan/dates.ts). */
export const DATE_RANGE = {
  since: {
    type: 'string',
    arg: 'DATE',
    description: cliDescription(SCAN_PARAMETERS.since),
  },
  until: {
    type: 'string',
    arg: 'DATE',
    description: cliDescription(SCAN_PARAMETERS.until),
  },
} as const;

/** `--project` as scan and report read it: the name the table prints, a folder path, or a repository name. */
export const PROJECT_FILTER = {
  type: 'string',
  arg: 'PROJECT',
  description: cliDescription(SCAN_PARAMETERS.project),
} as const;

export const STORE = {
  type: 'string',
  arg: 'PATH|URL',
  description: cliDescription(SCAN_PARAMETERS.store),
  default: SCAN_PARAMETERS.store.default,
} as const;

/** `--otlp-endpoint`, shared by `export otlp` (as `--endpoint`) and `scan`. */
export const OTLP_ENDPOINT = {
  type: 'string',
  arg: 'URL',
  description: 'an OpenTelemetry collector’s OTLP/HTTP base URL (metrics to /v1/metrics, logs to /v1/logs)',
} as const;

/** `--host` as scan, report and retro read it: which agents' sessions (cli/host-option.ts). */
export const HOST_FILTER = {
  type: 'string',
  multiple: true,
  arg: 'HOST',
  description: cliDescription(SCAN_PARAMETERS.hosts),
  default: SCAN_PARAMETERS.hosts.default,
} as const;
