import { join } from 'node:path';
import { RetrospectError, UsageError } from '../../../errors/errors.js';
import { findGitRoots } from '../../../git/roots.js';
import {
  CLI_ENTRY,
  cronLine,
  defaultTimeOfDay,
  parseCadence,
  parseTimeOfDay,
  type ScheduleSpec,
  systemdUnits,
} from '../../../schedule/install.js';
import { installCron, installSystemd, systemdUserDir } from '../../../schedule/install-write.js';
import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';

const USAGE = 'retrospect schedule install [--cron | --systemd] [--every 1d] [--at HH:MM] [--write]';
const OPTIONS = {
  cron: { type: 'boolean' },
  systemd: { type: 'boolean' },
  every: { type: 'string' },
  at: { type: 'string' },
  write: { type: 'boolean' },
} as const;

/**
 * `schedule install`: prints a crontab line (default) or a systemd user service and timer that run
 * `retro --all --auto` in this project's main checkout; `--write` installs it for the current user.
 */
export async function runInstall(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, USAGE, 1);
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${USAGE}`, 1);
  if (values.cron && values.systemd)
    throw new UsageError(`choose one of --cron and --systemd\nusage: ${USAGE}`, 1);
  const every = parseCadence(values.every ?? '1d');
  if ('error' in every) throw new UsageError(`--every: ${every.error}\nusage: ${USAGE}`, 1);
  const mroot = findGitRoots(io.cwd)?.mainCheckout ?? io.cwd;
  const at = values.at === undefined ? defaultTimeOfDay(mroot) : parseTimeOfDay(values.at);
  if (!at) throw new UsageError(`--at takes a 24-hour time HH:MM, got '${values.at}'\nusage: ${USAGE}`, 1);
  const spec: ScheduleSpec = { mroot, every, at, node: process.execPath, bin: CLI_ENTRY };

  if (!values.write) {
    if (values.systemd) {
      const units = systemdUnits(spec);
      const dir = systemdUserDir(io.env);
      println(io.stdout, `# ${join(dir, `${units.name}.service`)}\n${units.service}`);
      println(io.stdout, `# ${join(dir, `${units.name}.timer`)}\n${units.timer}`);
    } else {
      println(io.stdout, cronLine(spec));
    }
    println(io.stderr, 'schedule install: printed only; add --write to install it for the current user');
    return 0;
  }
  const result = values.systemd ? installSystemd(spec, io.env) : installCron(spec, io.env);
  for (const place of result.installed) println(io.stdout, `installed: ${place}`);
  if (!result.ok) throw new RetrospectError('E_SCHEDULE_INSTALL', result.reason);
  return 0;
}
