import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import {
  cronLine,
  parseCadence,
  parseTimeOfDay,
  type ScheduleSpec,
  scheduleId,
  systemdUnits,
} from './install.js';
import { installCron, installSystemd, replaceCronLine } from './install-write.js';

const SPEC: ScheduleSpec = {
  mainCheckout: "/home/dev/Team Projects/it's 100%",
  every: { n: 1, unit: 'd' },
  at: { hour: 3, minute: 7 },
  node: '/usr/bin/node',
  bin: '/opt/retrospect/bin/retrospect.js',
};

describe('parseCadence', () => {
  it.each([
    ['1d', { n: 1, unit: 'd' }],
    ['1w', { n: 1, unit: 'w' }],
    ['6h', { n: 6, unit: 'h' }],
    ['15m', { n: 15, unit: 'm' }],
    ['60m', { n: 60, unit: 'm' }],
  ])('accepts %s', (text, cadence) => {
    expect(parseCadence(text)).toEqual(cadence);
  });

  it.each(['2d', '7m', '5h', '0m', 'daily', '', '1x', '-1d'])(
    'refuses %j with the forms it takes',
    (text) => {
      expect(parseCadence(text)).toEqual({ error: expect.stringMatching(/expected Nm .*1d or 1w/) });
    },
  );

  it('reads a 24-hour time of day', () => {
    expect(parseTimeOfDay('03:07')).toEqual({ hour: 3, minute: 7 });
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('3pm')).toBeUndefined();
  });
});

describe('cronLine', () => {
  it('runs retro --all --auto in the project, quoting for sh and escaping % for cron', () => {
    const line = cronLine(SPEC);
    expect(line).toBe(
      "7 3 * * * cd '/home/dev/Team Projects/it'\\''s 100\\%' && '/usr/bin/node' " +
        "'/opt/retrospect/bin/retrospect.js' retro --all --auto >> " +
        "'/home/dev/Team Projects/it'\\''s 100\\%/.claude/retro/scheduled.log' 2>&1 " +
        `# retrospect-scheduled-retro:${scheduleId(SPEC.mainCheckout)}`,
    );
  });

  it('the command part is valid sh that names the right folder', () => {
    // What cron hands to sh after undoing \\%: check sh parses the cd target back to the path.
    const command = cronLine(SPEC)
      .replace(/^(\S+ ){5}/, '')
      .replace(/\\%/g, '%');
    const cdTarget = command.slice(0, command.indexOf(' && '));
    const probe = spawnSync('sh', ['-c', `set -- ${cdTarget.replace(/^cd /, '')}; printf %s "$1"`], {
      encoding: 'utf8',
    });
    expect(probe.stdout).toBe(SPEC.mainCheckout);
  });

  it.each([
    [{ n: 15, unit: 'm' }, '*/15 * * * *'],
    [{ n: 1, unit: 'm' }, '* * * * *'],
    [{ n: 1, unit: 'h' }, '7 * * * *'],
    [{ n: 6, unit: 'h' }, '7 */6 * * *'],
    [{ n: 1, unit: 'w' }, '7 3 * * 1'],
  ] as const)('schedules %j as %s', (every, schedule) => {
    expect(cronLine({ ...SPEC, every }).startsWith(`${schedule} cd `)).toBe(true);
  });

  it('replaces the earlier line for the same project and keeps everything else', () => {
    const other = '0 9 * * 1 /usr/local/bin/backup';
    const old = cronLine({ ...SPEC, at: { hour: 1, minute: 0 } });
    const next = replaceCronLine(`MAILTO=dev\n${other}\n${old}\n`, SPEC.mainCheckout, cronLine(SPEC));
    expect(next).toBe(`MAILTO=dev\n${other}\n${cronLine(SPEC)}\n`);
    expect(replaceCronLine(next, SPEC.mainCheckout, cronLine(SPEC))).toBe(next);
  });
});

describe('systemdUnits', () => {
  it('writes a oneshot service and a persistent timer, with % and quotes kept literal', () => {
    const units = systemdUnits({ ...SPEC, node: '/opt/node "20"/bin/node' });
    expect(units.name).toBe(`retrospect-retro-${scheduleId(SPEC.mainCheckout)}`);
    expect(units.name).toMatch(/^retrospect-retro-it-s-100-[0-9a-f]{8}$/);
    expect(units.service).toContain("WorkingDirectory=/home/dev/Team Projects/it's 100%%\n");
    expect(units.service).toContain(
      'ExecStart="/opt/node \\"20\\"/bin/node" "/opt/retrospect/bin/retrospect.js" retro --all --auto\n',
    );
    expect(units.service).toContain('Type=oneshot\n');
    expect(units.service).toContain('EnvironmentFile=-%h/.config/retrospect/scheduled.env\n');
    expect(units.timer).toContain('OnCalendar=*-*-* 03:07:00\n');
    expect(units.timer).toContain('Persistent=true\n');
    expect(units.timer).toContain(`Unit=${units.name}.service\n`);
    expect(units.timer).toContain('WantedBy=timers.target\n');
  });

  it.each([
    [{ n: 15, unit: 'm' }, '*-*-* *:00/15:00'],
    [{ n: 6, unit: 'h' }, '*-*-* 00/6:07:00'],
    [{ n: 1, unit: 'w' }, 'Mon *-*-* 03:07:00'],
  ] as const)('calendar for %j is %s', (every, calendar) => {
    expect(systemdUnits({ ...SPEC, every }).timer).toContain(`OnCalendar=${calendar}\n`);
  });

  it('systemd accepts the calendar expressions it is given', () => {
    const analyze = spawnSync(
      'systemd-analyze',
      ['calendar', '*-*-* *:00/15:00', '*-*-* 00/6:07:00', 'Mon *-*-* 03:07:00'],
      {
        encoding: 'utf8',
      },
    );
    if (analyze.error) return; // systemd-analyze is not installed here; the strings are checked above.
    expect(analyze.status).toBe(0);
  });
});

/** A stand-in `crontab` (the real one edits this user's table) that keeps the table in a file. */
function fakeTools(): { bin: string; table: string; log: string } {
  const dir = tempDir('retrospect-sched-tools-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const table = join(dir, 'crontab.txt');
  const log = join(dir, 'systemctl.log');
  writeFileSync(
    join(bin, 'crontab'),
    `#!/bin/sh\nif [ "$1" = "-l" ]; then [ -f "${table}" ] || { echo "no crontab for dev" >&2; exit 1; }; cat "${table}"; exit 0; fi\ncat > "${table}"\n`,
  );
  writeFileSync(join(bin, 'systemctl'), `#!/bin/sh\necho "$*" >> "${log}"\n[ -z "$FAIL_SYSTEMCTL" ]\n`);
  chmodSync(join(bin, 'crontab'), 0o755);
  chmodSync(join(bin, 'systemctl'), 0o755);
  return { bin, table, log };
}

describe('installing', () => {
  it('adds the line to an empty crontab, then replaces it on a second install', () => {
    const tools = fakeTools();
    const env = { ...process.env, PATH: `${tools.bin}:${process.env.PATH}` };
    expect(installCron(SPEC, env)).toEqual({ ok: true, installed: ['crontab'] });
    expect(readFileSync(tools.table, 'utf8')).toBe(`${cronLine(SPEC)}\n`);
    const later = { ...SPEC, at: { hour: 4, minute: 30 } };
    expect(installCron(later, env).ok).toBe(true);
    expect(readFileSync(tools.table, 'utf8')).toBe(`${cronLine(later)}\n`);
  });

  it('writes the systemd units under XDG_CONFIG_HOME and enables the timer', () => {
    const tools = fakeTools();
    const config = tempDir('retrospect-sched-xdg-');
    const env = { ...process.env, PATH: `${tools.bin}:${process.env.PATH}`, XDG_CONFIG_HOME: config };
    const units = systemdUnits(SPEC);
    const result = installSystemd(SPEC, env);
    expect(result).toEqual({
      ok: true,
      installed: [
        join(config, 'systemd', 'user', `${units.name}.service`),
        join(config, 'systemd', 'user', `${units.name}.timer`),
      ],
    });
    expect(readFileSync(join(config, 'systemd', 'user', `${units.name}.timer`), 'utf8')).toBe(units.timer);
    expect(readFileSync(tools.log, 'utf8')).toBe(
      `--user daemon-reload\n--user enable --now ${units.name}.timer\n`,
    );
  });

  it('says what to run by hand when systemctl --user is not available', () => {
    const tools = fakeTools();
    const config = tempDir('retrospect-sched-xdg-');
    const env = {
      ...process.env,
      PATH: `${tools.bin}:${process.env.PATH}`,
      XDG_CONFIG_HOME: config,
      FAIL_SYSTEMCTL: '1',
    };
    const result = installSystemd(SPEC, env);
    expect(result.ok).toBe(false);
    expect(result.installed).toHaveLength(2);
    if (!result.ok) expect(result.reason).toMatch(/systemctl --user enable --now retrospect-retro-/);
  });
});
