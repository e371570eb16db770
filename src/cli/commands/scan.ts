import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { claudeConfigDirs } from '../../paths/data-dir.js';
import * as scan from '../../scan/index.js';
import { openStore } from '../../store/open.js';
import { parseCommandArgs, parseCount } from '../args.js';
import { InputError, UsageError } from '../errors.js';
import { type CliIo, println } from '../io.js';

const USAGE =
  'retrospect scan [DIR...] [--demo] [--project NAME] [--since DATE] [--until DATE] [--min-score N] [--flagged] [--include-own] [--json] [--jobs N] [--store PATH]';
const OPTIONS = {
  demo: { type: 'boolean' },
  project: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  'min-score': { type: 'string' },
  flagged: { type: 'boolean' },
  'include-own': { type: 'boolean' },
  json: { type: 'boolean' },
  jobs: { type: 'string' },
  store: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function dateOption(text: string | undefined, name: string, edge: 'start' | 'end'): string | undefined {
  if (text === undefined) return undefined;
  const bound = scan.parseDateBound(text, edge);
  if (bound === undefined) throw new UsageError(`${name} takes a date such as 2026-10-01, got '${text}'`);
  return bound;
}

/** `retrospect scan`: gate every session (only new or changed files are read), print a table or JSON lines. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, USAGE);
  if (values.help) {
    println(
      io.stdout,
      `usage: ${USAGE}\n\nEnvironment: RETRO_THRESHOLD, FRICTION_LEDGER, CLAUDE_CONFIG_DIR, RETROSPECT_DATA_DIR`,
    );
    return 0;
  }
  const minScore = values['min-score'];
  if (minScore !== undefined && !/^\d+(\.\d+)?$/.test(minScore))
    throw new UsageError(`--min-score takes a number such as 5, got '${minScore}'`);
  const filter: scan.ScanFilter = {
    project: values.project,
    since: dateOption(values.since, '--since', 'start'),
    until: dateOption(values.until, '--until', 'end'),
    minScore: minScore === undefined ? undefined : Number(minScore),
    flaggedOnly: values.flagged === true,
    includeOwn: values['include-own'] === true,
  };
  const demo = values.demo === true;
  const defaults = positionals.length === 0 && !demo;
  const roots = demo ? [scan.demoProjectsRoot()] : defaults ? scan.defaultProjectsRoots(io.env) : positionals;
  for (const root of roots) {
    if (!existsSync(root) && !defaults)
      throw new InputError(
        `no such folder or file: ${root} (expected a Claude Code projects folder, a project folder or a .jsonl transcript)`,
      );
  }
  const { settings, warning } = scan.gateSettingsFor(io.env, io.cwd);
  if (warning) println(io.stderr, warning);
  const store = openStore(scan.storePathFor(values.store, demo, io.env));
  try {
    if (defaults) {
      const note = await scan.cleanupWarningOnce(claudeConfigDirs(io.env), store);
      if (note) println(io.stderr, note);
    }
    const bar = io.stderr.isTTY && !values.json ? new scan.ProgressBar(io.stderr) : undefined;
    const started = performance.now();
    const result = await scan.scanSessions({
      roots,
      store,
      settings,
      jobs: Math.max(1, parseCount(values.jobs, '--jobs', availableParallelism())),
      // An explicit --jobs is honoured even for small scans; the default starts threads only when they pay.
      ...(values.jobs === undefined ? {} : { inlineBelowBytes: 0 }),
      onProgress: bar ? (done, total) => bar.update(done, total) : undefined,
    });
    bar?.finish();
    const seconds = (performance.now() - started) / 1000;
    for (const w of result.warnings.slice(0, 5)) println(io.stderr, w);
    if (result.warnings.length > 5) println(io.stderr, `(${result.warnings.length - 5} more warnings)`);
    const shown = scan.selectRecords(result.records, settings.threshold, filter);
    const ownLeftOut = scan.ownRunsLeftOut(result.records, settings.threshold, filter);
    if (values.json) {
      for (const record of shown) println(io.stdout, scan.scanRecordJson(record));
      return 0;
    }
    if (defaults && result.records.length === 0)
      println(io.stderr, `no Claude Code sessions found under ${roots.join(', ')}`);
    println(io.stdout, scan.renderTable(shown));
    println(io.stdout);
    println(io.stdout, scan.renderSummary(shown, { ...result, seconds, ownLeftOut }));
    return 0;
  } finally {
    store.close();
  }
}
