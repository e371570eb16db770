import { InputError, UsageError } from '../../errors/errors.js';
import * as report from '../../report/index.js';
import { runReport } from '../../report/run-report.js';
import { resolveStoreSettings } from '../../store/settings.js';
import { parseCommandArgs } from '../args.js';
import { dateOption } from '../date-option.js';
import { hostOption } from '../host-option.js';
import { type CliIo, println } from '../io.js';
import { priceTableFrom } from '../pricing-option.js';
import { gateSettingsFromArgs } from '../profile-option.js';
import { projectOption } from '../project-option.js';
import { storeOptionLocation } from '../store-option.js';
import { survivalOptionFrom } from '../survival-option.js';
import { isFolder } from './report/options.js';
import { reportProject } from './report/rules.js';
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
  // Without --demo the report only reads: a missing store file is an error, not a new empty one.
  const storeSettings = resolveStoreSettings(io.env);
  const store = storeOptionLocation(values.store, demo, storeSettings, true);
  const team = { machine: values.machine, user: values.user };
  if (store.kind !== 'postgres' && (team.machine !== undefined || team.user !== undefined))
    throw new UsageError('--machine and --user filter a shared store: give --store postgres://…');
  const model = await runReport({
    store,
    storeSettings,
    demo,
    team,
    project: projectOption(values.project, io),
    hosts: hostOption(values.host),
    since,
    until,
    gate,
    cwd: io.cwd,
    prices: await priceTableFrom(values.pricing, io.cwd),
    rulesOf: values.mroot === undefined ? undefined : reportProject(values.mroot, values.budget, io.cwd),
    survival,
    env: io.env,
    onWarning: (warning) => println(io.stderr, warning),
  });
  const html = report.renderReportHtml(model, report.readChartJsSource());
  const written = report.writeReportFile(values.out, html, { force: values.force === true });
  if (!written.ok) throw new InputError(written.reason);
  println(io.stdout, written.path);
  return 0;
}
