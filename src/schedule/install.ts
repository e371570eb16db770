import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scheduledRetroDir } from './paths.js';

/** How often the scheduled retro runs: every N minutes, hours, days or weeks. */
export interface Cadence {
  n: number;
  unit: 'm' | 'h' | 'd' | 'w';
}

/** What a schedule runs, where, and when. */
export interface ScheduleSpec {
  /** The project's main checkout (absolute). */
  mainCheckout: string;
  every: Cadence;
  /** Time of day for daily and weekly runs; hourly runs use only the minute. */
  at: { hour: number; minute: number };
  /** Absolute paths of the node binary and of the CLI entry, so that cron's bare PATH does not matter. */
  node: string;
  bin: string;
}

/** The CLI entry of this installation (`bin/retrospect.js` beside `dist/`). */
export const CLI_ENTRY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'retrospect.js');

/**
 * Parses `--every`: `Nm` (N divides 60), `Nh` (N divides 24), `1d` or `1w` — the cadences that both
 * cron and systemd express exactly. Returns an error message for anything else.
 */
export function parseCadence(text: string): Cadence | { error: string } {
  const match = /^(\d{1,3})([mhdw])$/.exec(text.trim());
  const expected = `expected Nm (N divides 60), Nh (N divides 24), 1d or 1w, got '${text}'`;
  if (!match?.[1] || !match[2]) return { error: expected };
  const n = Number(match[1]);
  const unit = match[2] as Cadence['unit'];
  const fits = unit === 'm' ? n > 0 && 60 % n === 0 : unit === 'h' ? n > 0 && 24 % n === 0 : n === 1;
  return fits ? { n, unit } : { error: expected };
}

/** Parses `--at HH:MM` (24-hour clock). */
export function parseTimeOfDay(text: string): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : undefined;
}

/** A stable short name for the project: `<folder name>-<8 hex of its path>`. */
export function scheduleId(mainCheckout: string): string {
  const name = basename(mainCheckout)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 32);
  const hash = createHash('sha1').update(mainCheckout).digest('hex').slice(0, 8);
  return `${name || 'project'}-${hash}`;
}

/**
 * The default time of day: 03:MM with the minute taken from the project's path, so that several projects
 * on one machine do not all start at the same moment.
 */
export function defaultTimeOfDay(mainCheckout: string): { hour: number; minute: number } {
  return {
    hour: 3,
    minute: Number.parseInt(createHash('sha1').update(mainCheckout).digest('hex').slice(0, 4), 16) % 60,
  };
}

function cronSchedule({ every, at }: ScheduleSpec): string {
  if (every.unit === 'm') return every.n === 1 ? '* * * * *' : `*/${every.n} * * * *`;
  if (every.unit === 'h') return every.n === 1 ? `${at.minute} * * * *` : `${at.minute} */${every.n} * * *`;
  return `${at.minute} ${at.hour} * * ${every.unit === 'w' ? '1' : '*'}`;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The comment that marks our crontab line for this project, so `--write` replaces rather than adds. */
export function cronMarker(mainCheckout: string): string {
  return `retrospect-scheduled-retro:${scheduleId(mainCheckout)}`;
}

/** One crontab line: cd into the project, run `retro --all --auto`, append its output to a log. */
export function cronLine(spec: ScheduleSpec): string {
  const log = join(scheduledRetroDir(spec.mainCheckout), 'scheduled.log');
  const command =
    `cd ${shellQuote(spec.mainCheckout)} && ${shellQuote(spec.node)} ${shellQuote(spec.bin)} retro --all --auto` +
    ` >> ${shellQuote(log)} 2>&1 # ${cronMarker(spec.mainCheckout)}`;
  // cron turns an unescaped % into a newline before the shell sees the command.
  return `${cronSchedule(spec)} ${command.replace(/%/g, '\\%')}`;
}

function calendar({ every, at }: ScheduleSpec): string {
  const mm = String(at.minute).padStart(2, '0');
  const hh = String(at.hour).padStart(2, '0');
  if (every.unit === 'm') return `*-*-* *:00/${every.n}:00`;
  if (every.unit === 'h') return `*-*-* 00/${every.n}:${mm}:00`;
  return `${every.unit === 'w' ? 'Mon ' : ''}*-*-* ${hh}:${mm}:00`;
}

/** systemd treats % as a specifier and $ as a variable in unit files; both are doubled to stay literal. */
function unitText(text: string): string {
  return text.replace(/%/g, '%%');
}

function execArg(text: string): string {
  return `"${unitText(text).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\$/g, '$$$$')}"`;
}

export interface SystemdUnits {
  /** Unit name without suffix: `retrospect-retro-<id>`. */
  name: string;
  service: string;
  timer: string;
}

/** A systemd user service (oneshot) and the timer that starts it. */
export function systemdUnits(spec: ScheduleSpec): SystemdUnits {
  const name = `retrospect-retro-${scheduleId(spec.mainCheckout)}`;
  const every = `${spec.every.n}${spec.every.unit}`;
  const service = [
    '[Unit]',
    `Description=Retrospect scheduled retro for ${unitText(spec.mainCheckout)}`,
    '',
    '[Service]',
    'Type=oneshot',
    `WorkingDirectory=${unitText(spec.mainCheckout)}`,
    '# Settings such as AGENT_WEBHOOK_URL or model API keys, one NAME=value a line (optional file).',
    'EnvironmentFile=-%h/.config/retrospect/scheduled.env',
    `ExecStart=${[spec.node, spec.bin].map(execArg).join(' ')} retro --all --auto`,
    'Nice=10',
    '',
  ].join('\n');
  const timer = [
    '[Unit]',
    `Description=Run ${name}.service every ${every}`,
    '',
    '[Timer]',
    `OnCalendar=${calendar(spec)}`,
    // A run missed while the machine was off happens at the next boot.
    'Persistent=true',
    `Unit=${name}.service`,
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
  ].join('\n');
  return { name, service, timer };
}
