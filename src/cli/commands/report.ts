import { InputError, UsageError } from '../../errors/errors.js';
import * as report from '../../report/index.js';
import * as scan from '../../scan/index.js';
import { parseCommandArgs } from '../args.js';
import { dateOption } from '../date-option.js';
import { hostOption } from '../host-option.js';
import { type CliIo, println } from '../io.js';
import { priceTableFrom } from '../pricing-option.js';
import { gateSettingsFromArgs } from '../profile-option.js';
import { projectOption } from '../project-option.js';
import { openStoreOption } from '../store-option.js';
import { isFolder } from './report/options.js';
import { projectSections } from './report/rules.js';
import { SPEC } from './report/spec.js';

export { SPEC };

/** `retrospect report`: the session store as one self-contained HTML page; prints the file's path. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const since = dateOption(values.since, '--since', 'start');
  const until = dateOption(values.until, '--until', 'end');
  if (values.mroot !== undefined && !isFolder(values.mroot))
    throw new InputError(`--mroot: no such folder: ${values.mroot}`);
  const demo = values.demo === true;
  const gate = gateSettingsFromArgs(io.env, { profile: values.profile });
  const { settings, warning } = scan.gateSettingsFor(gate, io.cwd);
  if (warning) println(io.stderr, warning);
  // Without --demo the report only reads: a missing store file is an error, not a new empty one.
  const store = await openStoreOption(values.store, demo, io.env, true);
  let model: report.ReportModel;
  try {
    const team = { machine: values.machine, user: values.user };
    if (store.kind !== 'postgres' && (team.machine !== undefined || team.user !== undefined))
      throw new UsageError('--machine and --user filter a shared store: give --store postgres://…');
    if (demo) {
      const result = await scan.scanSessions({ roots: [scan.demoProjectsRoot()], store, settings, jobs: 1 });
      for (const w of result.warnings) println(io.stderr, w);
    }
    const location = scan.storeLocationFor(values.store, demo, io.env);
    model = report.buildReportFrom(await store.listSessions({ scope: team }), {
      project: projectOption(values.project, io),
      hosts: hostOption(values.host),
      since,
      until,
      threshold: settings.threshold,
      prices: await priceTableFrom(values.pricing, io.cwd),
      ...(values.mroot === undefined
        ? {}
        : await projectSections(values.mroot, location, values.budget, io, gate)),
    });
  } finally {
    await store.close();
  }
  const html = report.renderReportHtml(model, report.readChartJsSource());
  const written = report.writeReportFile(values.out, html, { force: values.force === true });
  if (!written.ok) throw new InputError(written.reason);
  println(io.stdout, written.path);
  return 0;
}
