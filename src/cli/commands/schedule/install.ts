import { join } from 'node:path';
import { RetrospectError } from '../../../errors/errors.js';
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
import { defineCommand, parseCommandArgs, usageError } from '../../args.js';
import { type CliIo, println } from '../../io.js';

export const SPEC = defineCommand({
  path: 'schedule install',
  summary: 'Print (or with --write install) a crontab line or systemd timer for the nightly retro',
  details:
    "The job runs 'retro --all --auto' in this project's main checkout; without --write it is only printed.",
  options: {
    cron: { type: 'boolean', description: 'a crontab line (the default)' },
    systemd: { type: 'boolean', description: 'a systemd user service and timer instead' },
    every: {
      type: 'string',
      arg: 'CADENCE',
      description: 'how often: Nm (N divides 60), Nh (N divides 24), 1d or 1w',
      default: '1d',
    },
    at: {
      type: 'string',
      arg: 'HH:MM',
      description: 'time of day (24-hour)',
      default: "03:MM, the minute taken from the project's path",
    },
    write: { type: 'boolean', description: 'install it for the current user' },
  },
  examples: [
    ['retrospect schedule install', 'print the crontab line'],
    ['retrospect schedule install --systemd --at 03:30 --write', 'install a systemd user timer'],
  ],
});

/**
 * `schedule install`: prints a crontab line (default) or a systemd user service and timer that run
 * `retro --all --auto` in this project's main checkout; `--write` installs it for the current user.
 */
export async function runInstall(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  if (values.cron && values.systemd) throw usageError(SPEC, 'choose one of --cron and --systemd');
  const every = parseCadence(values.every ?? '1d');
  if ('error' in every) throw usageError(SPEC, `--every: ${every.error}`);
  const mainCheckout = findGitRoots(io.cwd)?.mainCheckout ?? io.cwd;
  const at = values.at === undefined ? defaultTimeOfDay(mainCheckout) : parseTimeOfDay(values.at);
  if (!at) throw usageError(SPEC, `--at takes a 24-hour time HH:MM, got '${values.at}'`);
  const spec: ScheduleSpec = { mainCheckout, every, at, node: process.execPath, bin: CLI_ENTRY };

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
