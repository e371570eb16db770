import { statSync } from 'node:fs';
import { InputError, UsageError } from '../../errors/errors.js';
import * as report from '../../report/index.js';
import * as scan from '../../scan/index.js';
import { openStore } from '../../store/open.js';
import { isSessionStore } from '../../store/probe.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { envWithProfile } from '../profile-option.js';
import { dateOption } from './scan/options.js';

const USAGE =
  'retrospect report --out FILE.html [--demo] [--store PATH] [--project P] [--since D] [--until D] [--mroot DIR] [--profile seed|calibrated]';
const OPTIONS = {
  out: { type: 'string' },
  demo: { type: 'boolean' },
  store: { type: 'string' },
  project: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  mroot: { type: 'string' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** `retrospect report`: the session store as one self-contained HTML page; prints the file's path. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, USAGE);
  if (values.help) {
    println(
      io.stdout,
      `usage: ${USAGE}\n\nEnvironment: RETRO_GATE_PROFILE, RETRO_THRESHOLD, RETROSPECT_DATA_DIR`,
    );
    return 0;
  }
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`);
  if (values.out === undefined) throw new UsageError(`--out FILE.html is required\nusage: ${USAGE}`);
  const since = dateOption(values.since, '--since', 'start');
  const until = dateOption(values.until, '--until', 'end');
  if (values.mroot !== undefined && !isFolder(values.mroot))
    throw new InputError(`--mroot: no such folder: ${values.mroot}`);
  const demo = values.demo === true;
  const storePath = scan.storePathFor(values.store, demo, io.env);
  // Without --demo the report only reads: a missing store is an error, not a new empty one.
  if (!demo && !isSessionStore(storePath))
    throw new InputError(
      `no session store at ${storePath} (run 'retrospect scan' first, or give --store PATH)`,
    );
  const { settings, warning } = scan.gateSettingsFor(envWithProfile(io.env, values.profile), io.cwd);
  if (warning) println(io.stderr, warning);
  const store = openStore(storePath);
  let model: report.ReportModel;
  try {
    if (demo) {
      const result = await scan.scanSessions({ roots: [scan.demoProjectsRoot()], store, settings, jobs: 1 });
      for (const w of result.warnings) println(io.stderr, w);
    }
    model = report.buildReport(store, {
      project: values.project,
      since,
      until,
      threshold: settings.threshold,
      trials: values.mroot === undefined ? undefined : report.readTrialHistory(values.mroot),
    });
  } finally {
    store.close();
  }
  const html = report.renderReportHtml(model, report.readChartJsSource());
  const written = report.writeReportFile(values.out, html);
  if (!written.ok) throw new InputError(written.reason);
  println(io.stdout, written.path);
  return 0;
}
