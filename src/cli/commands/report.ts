import { InputError } from '../../errors/errors.js';
import * as report from '../../report/index.js';
import * as scan from '../../scan/index.js';
import { openStore } from '../../store/open.js';
import { storeFileExists } from '../../store/probe.js';
import { defineCommand, parseCommandArgs } from '../args.js';
import { DATE_RANGE, HOST_FILTER, PROJECT_FILTER, STORE } from '../common-options.js';
import { dateOption } from '../date-option.js';
import { hostOption } from '../host-option.js';
import { type CliIo, println } from '../io.js';
import { envWithProfile, PROFILE } from '../profile-option.js';
import { projectOption } from '../project-option.js';
import { isFolder } from './report/options.js';
import { projectSections } from './report/rules.js';

export const SPEC = defineCommand({
  path: 'report',
  summary: 'Write the session store as a self-contained HTML friction report',
  details:
    "One page, no network: summary, friction per agent (once another agent's sessions are stored), friction per\nweek, signal mix per project, the top flagged sessions (each opening to the messages its signals fired on)\nand, with --mroot, 'Do the rules work?' and the project's trial decisions. It reads the store that\n'retrospect scan' keeps (and quotes transcripts still on disk).",
  options: {
    out: {
      type: 'string',
      arg: 'FILE.html',
      required: true,
      description: 'the page to write (its folder must exist)',
    },
    force: {
      type: 'boolean',
      description: 'replace an existing --out file even when it is not a report this command wrote',
    },
    demo: { type: 'boolean', description: 'report on the bundled demo sessions (an in-memory store)' },
    store: STORE,
    project: PROJECT_FILTER,
    host: HOST_FILTER,
    ...DATE_RANGE,
    mroot: {
      type: 'string',
      arg: 'DIR',
      description: "a project's main checkout: add its rules (as trial list weighs them) and trial decisions",
    },
    budget: {
      type: 'string',
      arg: 'TOKENS',
      description:
        'with --mroot: context budget per agent above which the weakest rules are proposed for removal',
      default: '800',
    },
    profile: PROFILE,
  },
  examples: [
    ['retrospect report --demo --out demo.html', 'the bundled demo sessions'],
    ['retrospect scan && retrospect report --out friction.html --since 30d', "this machine's last 30 days"],
  ],
  environment: 'RETRO_GATE_PROFILE, RETRO_THRESHOLD, RETROSPECT_DATA_DIR',
});

/** `retrospect report`: the session store as one self-contained HTML page; prints the file's path. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const since = dateOption(values.since, '--since', 'start');
  const until = dateOption(values.until, '--until', 'end');
  if (values.mroot !== undefined && !isFolder(values.mroot))
    throw new InputError(`--mroot: no such folder: ${values.mroot}`);
  const demo = values.demo === true;
  const storePath = scan.storePathFor(values.store, demo, io.env);
  // Without --demo the report only reads: a missing store is an error (a damaged one, openStore's).
  if (!demo && !storeFileExists(storePath))
    throw new InputError(
      `no session store at ${storePath} (run 'retrospect scan' first, or give --store PATH)`,
    );
  const env = envWithProfile(io.env, values.profile);
  const { settings, warning } = scan.gateSettingsFor(env, io.cwd);
  if (warning) println(io.stderr, warning);
  const store = openStore(storePath);
  let model: report.ReportModel;
  try {
    if (demo) {
      const result = await scan.scanSessions({ roots: [scan.demoProjectsRoot()], store, settings, jobs: 1 });
      for (const w of result.warnings) println(io.stderr, w);
    }
    model = report.buildReport(store, {
      project: projectOption(values.project, io),
      hosts: hostOption(values.host),
      since,
      until,
      threshold: settings.threshold,
      ...(values.mroot === undefined
        ? {}
        : await projectSections(values.mroot, storePath, values.budget, { ...io, env })),
    });
  } finally {
    store.close();
  }
  const html = report.renderReportHtml(model, report.readChartJsSource());
  const written = report.writeReportFile(values.out, html, { force: values.force === true });
  if (!written.ok) throw new InputError(written.reason);
  println(io.stdout, written.path);
  return 0;
}
