import { InputError, UsageError } from '../../errors/errors.js';
import * as report from '../../report/index.js';
import * as scan from '../../scan/index.js';
import { scanSurvival } from '../../scan/survival.js';
import { resolveStoreSettings } from '../../store/settings.js';
import { parseCommandArgs } from '../args.js';
import { dateOption } from '../date-option.js';
import { hostOption } from '../host-option.js';
import { type CliIo, println } from '../io.js';
import { priceTableFrom } from '../pricing-option.js';
import { gateSettingsFromArgs } from '../profile-option.js';
import { projectOption } from '../project-option.js';
import { openStoreOption } from '../store-option.js';
import { survivalOptionFrom } from '../survival-option.js';
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
  const survival = survivalOptionFrom(values);
  const gate = gateSettingsFromArgs(io.env, { profile: values.profile });
  const { settings, warning } = scan.gateSettingsFor(gate, io.cwd);
  if (warning) println(io.stderr, warning);
  // Without --demo the report only reads: a missing store file is an error, not a new empty one.
  const storeSettings = resolveStoreSettings(io.env);
  const store = await openStoreOption(values.store, demo, storeSettings, true);
  let model: report.ReportModel;
  try {
    const team = { machine: values.machine, user: values.user };
    if (store.kind !== 'postgres' && (team.machine !== undefined || team.user !== undefined))
      throw new UsageError('--machine and --user filter a shared store: give --store postgres://…');
    if (demo) {
      const result = await scan.scanSessions({ roots: [scan.demoProjectsRoot()], store, settings, jobs: 1 });
      for (const w of result.warnings) println(io.stderr, w);
    }
    const location = scan.storeLocationFor(values.store, demo, storeSettings);
    const all = await store.listSessions({ scope: team });
    const prices = await priceTableFrom(values.pricing, io.cwd);
    const options: report.ReportOptions = {
      project: projectOption(values.project, io),
      hosts: hostOption(values.host),
      since,
      until,
      threshold: settings.threshold,
      prices,
      ...(values.mroot === undefined
        ? {}
        : await projectSections(values.mroot, location, values.budget, io, gate, prices)),
    };
    model = report.buildReportFrom(all, options);
    if (survival) {
      const { selected, starts } = report.reportSelection(all, options);
      const order = report.survivalMeasureOrder(selected, starts, survival.days, Date.now());
      const measured = await scanSurvival(order, { ...survival, env: io.env });
      model.survival = report.buildSurvivalReport(selected, measured, survival.days, starts);
    }
  } finally {
    await store.close();
  }
  const html = report.renderReportHtml(model, report.readChartJsSource());
  const written = report.writeReportFile(values.out, html, { force: values.force === true });
  if (!written.ok) throw new InputError(written.reason);
  println(io.stdout, written.path);
  return 0;
}
