import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../fsx/index.js';
import { cronLine, cronMarker, type ScheduleSpec, systemdUnits } from './install.js';

export type InstallResult =
  | { ok: true; installed: string[] }
  | { ok: false; reason: string; installed: string[] };

/** Lines of `current` without our earlier line for this project, plus `line`. */
export function replaceCronLine(current: string, mainCheckout: string, line: string): string {
  const marker = `# ${cronMarker(mainCheckout)}`;
  const kept = current.split('\n').filter((row) => row.trim() !== '' && !row.endsWith(marker));
  return `${[...kept, line].join('\n')}\n`;
}

/** Installs (or replaces) the project's line in the current user's crontab via `crontab -l` / `crontab -`. */
export function installCron(spec: ScheduleSpec, env: NodeJS.ProcessEnv): InstallResult {
  const listed = spawnSync('crontab', ['-l'], { encoding: 'utf8', env });
  if (listed.error)
    return { ok: false, reason: `cannot run crontab: ${listed.error.message}`, installed: [] };
  // `crontab -l` fails with "no crontab for <user>" when there is none yet; that is an empty table.
  const current = listed.status === 0 ? listed.stdout : '';
  if (listed.status !== 0 && !/no crontab/i.test(listed.stderr)) {
    return { ok: false, reason: `crontab -l failed: ${listed.stderr.trim()}`, installed: [] };
  }
  const next = replaceCronLine(current, spec.mainCheckout, cronLine(spec));
  const written = spawnSync('crontab', ['-'], { input: next, encoding: 'utf8', env });
  if (written.error || written.status !== 0) {
    return {
      ok: false,
      reason: `crontab - failed: ${written.error?.message ?? written.stderr.trim()}`,
      installed: [],
    };
  }
  return { ok: true, installed: ['crontab'] };
}

/** `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`. */
export function systemdUserDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'systemd', 'user');
}

function systemctl(args: string[], env: NodeJS.ProcessEnv): string | undefined {
  const run = spawnSync('systemctl', ['--user', ...args], { encoding: 'utf8', env });
  if (run.error) return run.error.message;
  return run.status === 0 ? undefined : run.stderr.trim() || `exit ${run.status}`;
}

/** Writes the service and timer into the user's unit folder, then reloads systemd and starts the timer. */
export function installSystemd(spec: ScheduleSpec, env: NodeJS.ProcessEnv): InstallResult {
  const units = systemdUnits(spec);
  const dir = systemdUserDir(env);
  const service = join(dir, `${units.name}.service`);
  const timer = join(dir, `${units.name}.timer`);
  writeFileAtomic(service, units.service, { mode: 0o644 });
  writeFileAtomic(timer, units.timer, { mode: 0o644 });
  const installed = [service, timer];
  const failed =
    systemctl(['daemon-reload'], env) ?? systemctl(['enable', '--now', `${units.name}.timer`], env);
  if (failed !== undefined) {
    return {
      ok: false,
      reason: `unit files written, but systemctl --user failed (${failed}); start it later with: systemctl --user daemon-reload && systemctl --user enable --now ${units.name}.timer`,
      installed,
    };
  }
  return { ok: true, installed };
}
