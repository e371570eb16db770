import { existsSync } from 'node:fs';
import { InputError, UsageError } from '../../../errors/errors.js';
import { readTrialHistory } from '../../../report/trials.js';
import * as scan from '../../../scan/index.js';
import { sessionStarts } from '../../../store/session-starts.js';
import { resolveStoreSettings } from '../../../store/settings.js';
import { parseCommandArgs } from '../../args.js';
import { dateOption } from '../../date-option.js';
import type { CliIo } from '../../io.js';
import { otlpHeaders, sendOtlp } from '../../otlp-option.js';
import { gateSettingsFromArgs } from '../../profile-option.js';
import { projectOption } from '../../project-option.js';
import { openStoreOption } from '../../store-option.js';
import { SPEC } from './otlp-spec.js';

/** `retrospect export otlp`: the store's friction (and a project's trial decisions) to a collector. */
export async function runOtlp(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const headers = otlpHeaders(values.header);
  if (values.mroot !== undefined && !existsSync(values.mroot))
    throw new InputError(`--mroot: no such folder: ${values.mroot}`);
  const filter = {
    project: projectOption(values.project, io),
    since: dateOption(values.since, '--since', 'start'),
    until: dateOption(values.until, '--until', 'end'),
  };
  const { settings } = scan.gateSettingsFor(
    gateSettingsFromArgs(io.env, { profile: values.profile }),
    io.cwd,
  );
  const store = await openStoreOption(values.store, false, resolveStoreSettings(io.env), true);
  let records: Awaited<ReturnType<typeof store.listSessions>>;
  try {
    const team = { machine: values.machine, user: values.user };
    if (store.kind !== 'postgres' && (team.machine !== undefined || team.user !== undefined))
      throw new UsageError('--machine and --user filter a shared store: give --store postgres://…');
    records = await store.listSessions({ scope: team });
  } finally {
    await store.close();
  }
  const starts = sessionStarts(records, new Date());
  const shown = scan.selectRecords(records, settings.threshold, filter, starts);
  const decisions = values.mroot === undefined ? [] : readTrialHistory(values.mroot).decisions;
  await sendOtlp(io, values.endpoint, headers, shown, decisions);
  return 0;
}
