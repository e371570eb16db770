import { UsageError } from '../../../errors/errors.js';
import { cliDescription } from '../../../parameters/shared.js';
import type * as scan from '../../../scan/index.js';
import { SCAN_PARAMETERS } from '../../../scan/parameters.js';
import { renderLegend } from '../../../scan/render.js';
import { defineCommand, type ParsedArgs } from '../../args.js';
import { DATE_RANGE, HOST_FILTER, OTLP_ENDPOINT, PROJECT_FILTER, STORE } from '../../common-options.js';
import { dateOption } from '../../date-option.js';
import { hostOption } from '../../host-option.js';
import { PRICING } from '../../pricing-spec.js';
import { PROFILE } from '../../profile-option.js';
import { projectOption } from '../../project-option.js';
import { SURVIVAL_OPTIONS } from '../../survival-option.js';

export const SPEC = defineCommand({
  path: 'scan',
  summary: 'Gate every session on this machine and show where the friction is',
  details:
    'Gates every session of Claude Code, Codex, Gemini CLI, OpenCode and Copilot CLI on a worker pool, remembers\nverdicts in a local store (a rescan reads only changed sessions) and prints a table sorted by score with a totals\nrow and a summary; ! marks a flagged session. Files in a format no reader knows are reported, never read.\n\nThe table fits the terminal (long project names are cut in the middle, session ids stay whole); piped, it\nkeeps every name whole unless COLUMNS is set. TURNS counts the turns a person typed. COST is what a session\ncost at API prices and the share friction took (docs/cost.md). Signals:\n' +
    renderLegend(),
  args: [
    {
      name: 'DIR',
      variadic: true,
      description: `${cliDescription(SCAN_PARAMETERS.paths)} (default: ${SCAN_PARAMETERS.paths.default})`,
    },
  ],
  options: {
    demo: { type: 'boolean', description: 'scan the bundled demo sessions (an in-memory store)' },
    project: PROJECT_FILTER,
    host: HOST_FILTER,
    ...DATE_RANGE,
    'min-score': { type: 'string', arg: 'N', description: cliDescription(SCAN_PARAMETERS.minScore) },
    flagged: { type: 'boolean', description: cliDescription(SCAN_PARAMETERS.flagged) },
    'include-own': { type: 'boolean', description: cliDescription(SCAN_PARAMETERS.includeOwn) },
    json: { type: 'boolean', description: 'one JSON record per session instead of the table' },
    ...SURVIVAL_OPTIONS,
    jobs: { type: 'string', arg: 'N', description: 'worker threads, at least 1', default: 'one per CPU' },
    store: STORE,
    verbose: {
      type: 'boolean',
      description: 'say on stderr which store the scan uses and the SQLite engine it opens it with',
    },
    why: {
      type: 'boolean',
      description: 'list each path skipped and why (FIFOs, link loops, non-transcripts)',
    },
    rebuild: {
      type: 'boolean',
      description: 'move a damaged store aside (to <store>.broken-<UTC time>) and build a new one',
    },
    forget: {
      type: 'string',
      arg: 'PATH',
      description: 'remove the stored sessions of a file or folder, then exit',
    },
    profile: PROFILE,
    pricing: PRICING,
    'otlp-endpoint': OTLP_ENDPOINT,
  },
  examples: [
    ['retrospect scan --demo', 'the bundled demo sessions'],
    ['retrospect scan --since 7d --flagged', "this week's rough sessions"],
    ['retrospect scan --project -home-ada-code-shop --json', 'one project, as JSON lines'],
    ['retrospect scan --rebuild', 'start over after the store was damaged'],
    ['retrospect scan --host codex,gemini', 'only Codex and Gemini CLI sessions'],
    [
      'retrospect scan --since 30d --survival',
      "how much of this month's committed agent code is still there",
    ],
    ['retrospect scan --pricing prices.json', 'cost at your own prices (docs/cost.md)'],
    ['retrospect scan --store postgres://db.internal/retro', "into the team's shared store (docs/teams.md)"],
  ],
  environment:
    'RETRO_GATE_PROFILE, RETRO_THRESHOLD, FRICTION_LEDGER, CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, XDG_DATA_HOME, OPENCODE_DB, COPILOT_HOME, RETROSPECT_DATA_DIR, RETROSPECT_STORE, RETROSPECT_MACHINE, RETROSPECT_USER, RETROSPECT_HASH_IDENTITY, COLUMNS, NO_COLOR',
});

export type ScanValues = ParsedArgs<typeof SPEC.options>['values'];

/** Which scanned sessions to show: `--project`, `--host`, `--since`/`--until`, `--min-score`, `--flagged`, `--include-own`. */
export function scanFilterFrom(
  values: ScanValues,
  io: { cwd: string; env: NodeJS.ProcessEnv },
): scan.ScanFilter {
  const minScore = values['min-score'];
  if (minScore !== undefined && !/^\d+(\.\d+)?$/.test(minScore))
    throw new UsageError(`--min-score takes a number such as 5, got '${minScore}'`);
  return {
    project: projectOption(values.project, io),
    hosts: hostOption(values.host),
    since: dateOption(values.since, '--since', 'start'),
    until: dateOption(values.until, '--until', 'end'),
    minScore: minScore === undefined ? undefined : Number(minScore),
    flaggedOnly: values.flagged === true,
    includeOwn: values['include-own'] === true,
  };
}
