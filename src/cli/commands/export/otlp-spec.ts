import { defineCommand } from '../../args.js';
import { DATE_RANGE, OTLP_ENDPOINT, PROJECT_FILTER, STORE } from '../../common-options.js';
import { PROFILE } from '../../profile-option.js';

const OTLP_HEADER = {
  type: 'string',
  arg: 'NAME=VALUE',
  multiple: true,
  description: 'an HTTP header for the collector (an API key); repeatable',
} as const;

export const SPEC = defineCommand({
  path: 'export otlp',
  summary: 'Send friction metrics and trial decisions to an OpenTelemetry collector over OTLP/HTTP',
  details:
    'Metrics: retrospect.sessions, retrospect.sessions.flagged and retrospect.signals (gauges by project, host.name\nand, from a shared store, user.name) and the retrospect.friction_score histogram. With --mroot, each trial\ndecision is a log event with the rule text hash (never the text). Nothing else leaves the machine.',
  options: {
    endpoint: { ...OTLP_ENDPOINT, required: true },
    header: OTLP_HEADER,
    store: STORE,
    project: PROJECT_FILTER,
    ...DATE_RANGE,
    machine: { type: 'string', arg: 'NAME', description: "a shared store: only this machine's sessions" },
    user: { type: 'string', arg: 'NAME', description: "a shared store: only this user's sessions" },
    mroot: { type: 'string', arg: 'DIR', description: "a project's main checkout: send its trial decisions" },
    profile: PROFILE,
  },
  examples: [
    ['retrospect export otlp --endpoint http://localhost:4318', "this machine's store"],
    [
      'retrospect export otlp --endpoint https://otel.example.com --store postgres://db.internal/retro --mroot .',
      "the team's store and this project's trial decisions",
    ],
  ],
  environment: 'RETROSPECT_STORE, RETROSPECT_MACHINE, RETRO_THRESHOLD, RETRO_GATE_PROFILE',
});
