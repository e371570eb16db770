import { availableParallelism } from 'node:os';
import { claudeConfigDirs } from '../../paths/data-dir.js';
// Each from its own module, not the scan package's index: that names the gate's pool too, which a scan
// with nothing new to read never loads.
import { cleanupWarningOnce } from '../../scan/cleanup-warning.js';
import { scanRecordJson } from '../../scan/json.js';
import { resolveScanRoots } from '../../scan/options.js';
import { ProgressBar } from '../../scan/progress.js';
import { renderLegend, renderSpend, renderSummary, renderTable, sessionCosts } from '../../scan/render.js';
import { runScan } from '../../scan/run-scan.js';
import type { ScanResult } from '../../scan/scan.js';
import { describeEngine } from '../../sqlite/engines.js';
import { SessionStore } from '../../store/open.js';
import { storeLocationFor } from '../../store/path.js';
import type { SessionStorePort } from '../../store/port.js';
import { resolveStoreSettings } from '../../store/settings.js';
import { parseCommandArgs, parsePositive } from '../args.js';
import { colorFor, tablePaint } from '../color.js';
import { type CliIo, printLines, println, printlnStyled } from '../io.js';
import { sendOtlp } from '../otlp-option.js';
import { priceTableFrom } from '../pricing-option.js';
import { gateSettingsFromArgs } from '../profile-option.js';
import { survivalOptionFrom } from '../survival-option.js';
import { SPEC, scanFilterFrom } from './scan/options.js';
import { embeddedStorePath, forgetStored, rebuildStore, reportSkipped } from './scan/store-actions.js';
import { tableWidth } from './scan/width.js';

/** The one line `--verbose` prints: where the store is and what opens it. */
function storeLine(store: SessionStorePort): string {
  if (!(store instanceof SessionStore)) return `store: ${store.label} (PostgreSQL)`;
  const where = store.label === ':memory:' ? 'in memory' : store.label;
  return `store: ${where}; SQLite engine: ${describeEngine(store.engine)}`;
}

/** On stderr: files in a format no reader knows, the first warnings, and what was skipped (`--why`: each). */
function reportScanNotes(result: ScanResult, why: boolean, io: CliIo): void {
  const unknown = result.unknownFormat;
  if (unknown.length > 0)
    println(
      io.stderr,
      `skipped ${unknown.length} file${unknown.length === 1 ? '' : 's'} in a format no reader knows: ${unknown[0]}${unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : ''}`,
    );
  for (const w of result.warnings.slice(0, 5)) println(io.stderr, w);
  if (result.warnings.length > 5) println(io.stderr, `(${result.warnings.length - 5} more warnings)`);
  reportSkipped(result.skipped, why, io);
}

/** `retrospect scan`: gate every session (only new or changed files are read), print a table or JSON lines. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, SPEC);
  const storeSettings = resolveStoreSettings(io.env);
  const location = storeLocationFor(values.store, values.demo === true, storeSettings);
  if (values.forget !== undefined)
    return forgetStored(values.forget, embeddedStorePath(location, '--forget'), positionals, io);
  const filter = scanFilterFrom(values, io);
  const prices = await priceTableFrom(values.pricing, io.cwd);
  const jobs = parsePositive(values.jobs, '--jobs', availableParallelism());
  const survivalAsked = survivalOptionFrom(values);
  const { roots, defaults } = resolveScanRoots(positionals, values.demo === true, io.env, filter.hosts);
  const bar = io.stderr.isTTY && !values.json ? new ProgressBar(io.stderr) : undefined;
  const scanned = await runScan({
    paths: defaults ? undefined : roots,
    hosts: filter.hosts,
    filter,
    gate: gateSettingsFromArgs(io.env, { profile: values.profile }),
    cwd: io.cwd,
    store: location,
    identity: storeSettings.identity,
    env: io.env,
    jobs,
    // An explicit --jobs is honoured even for small scans; the default starts threads only when they pay.
    inlineBelowBytes: values.jobs === undefined ? undefined : 0,
    // Git work in each session's repository, after the scan and only for the sessions shown.
    survival: survivalAsked,
    onWarning: (warning) => println(io.stderr, warning),
    beforeOpen: () => {
      if (values.rebuild) rebuildStore(embeddedStorePath(location, '--rebuild'), io);
    },
    onStoreOpen: async (store) => {
      if (values.verbose) println(io.stderr, storeLine(store));
      if (defaults && (filter.hosts === undefined || filter.hosts.includes('claude-code'))) {
        const note = await cleanupWarningOnce(claudeConfigDirs(io.env), store);
        if (note) println(io.stderr, note);
      }
    },
    onProgress: bar ? (done, total) => bar.update(done, total) : undefined,
  });
  bar?.finish();
  const { result, seconds, starts, ownLeftOut, survival } = scanned;
  const shown = scanned.selected;
  reportScanNotes(result, values.why === true, io);
  const endpoint = values['otlp-endpoint'];
  if (endpoint !== undefined) await sendOtlp(io, endpoint, {}, shown);
  // The survival's rendering (git, the walk's readers: a quarter of the scan's code) loads only when asked.
  const survivalModule = survival ? await import('../../scan/survival.js') : undefined;
  if (values.json) {
    const lines = shown.map((record) => {
      const line = scanRecordJson(record, starts, prices);
      return survival && survivalModule
        ? survivalModule.withSurvivalField(line, survival.get(record.path))
        : line;
    });
    printLines(io.stdout, lines);
    return 0;
  }
  if (defaults && result.records.length === 0)
    println(io.stderr, `no sessions found under ${roots.map((root) => root.path).join(', ')}`);
  // Each cell is escaped by renderTable itself; the colour codes around them are ours.
  const width = tableWidth(io);
  // Each session is priced once, for its row and for the spend line.
  const costs = sessionCosts(shown, prices);
  printlnStyled(
    io.stdout,
    renderTable(shown, starts, tablePaint(colorFor(io.stdout, io.env)), { width, prices, costs }),
  );
  const spend = renderSpend(shown, prices, costs);
  if (shown.length > 0) println(io.stdout, renderLegend(width, spend !== undefined));
  println(io.stdout);
  println(io.stdout, renderSummary(shown, { ...result, seconds, ownLeftOut }));
  if (spend) println(io.stdout, spend);
  if (survival && survivalAsked && survivalModule) {
    println(io.stdout);
    println(io.stdout, survivalModule.renderSurvival(shown, survival, survivalAsked.days));
  }
  return 0;
}
