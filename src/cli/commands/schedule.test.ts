import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scheduledLockPath, scheduledRetroDir } from '../../schedule/paths.js';
import { BIN, runCli } from '../../test-support/cli.js';
import { closedPort } from '../../test-support/http.js';
import { tempDir } from '../../test-support/temp-dir.js';
import type { CliIo } from '../io.js';
import { main } from '../main.js';

function project(): string {
  return tempDir('retrospect-sched-cli-');
}

const NO_HOOK = { AGENT_WEBHOOK_URL: '' };

describe('retrospect schedule lock', () => {
  it('acquire prints a token; a second acquire exits 2 with the skip line; release frees it', async () => {
    const mroot = project();
    const first = await runCli(['schedule', 'lock', 'acquire', mroot]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^[0-9a-f]{32}\n$/);
    const held = await runCli(['schedule', 'lock', 'acquire', mroot]);
    expect(held).toMatchObject({ code: 2, stdout: '', stderr: 'scheduled retro: lock held, skipping\n' });
    // Without a token, "ours" means: recorded by the same calling process. Another shell's release
    // leaves the lock in place (and still exits 0) ...
    const stranger = spawnSync(
      'sh',
      ['-c', '"$0" "$1" schedule lock release "$2"; true', process.execPath, BIN, mroot],
      {
        encoding: 'utf8',
      },
    );
    expect(stranger.status).toBe(0);
    expect(stranger.stderr).toMatch(/^scheduled retro: lock belongs to pid \d+ on .+, left in place/);
    expect(existsSync(scheduledLockPath(mroot))).toBe(true);
    // ... and so does a wrong token; the right one releases it.
    await runCli(['schedule', 'lock', 'release', mroot, 'f'.repeat(32)]);
    expect(existsSync(scheduledLockPath(mroot))).toBe(true);
    const owner = await runCli(['schedule', 'lock', 'release', mroot, first.stdout.trim()]);
    expect(owner).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(scheduledLockPath(mroot))).toBe(false);
    // Double release: nothing to do, still 0, still quiet.
    expect(await runCli(['schedule', 'lock', 'release', mroot, first.stdout.trim()])).toMatchObject({
      code: 0,
      stderr: '',
    });
  });

  it('a caller that acquires and releases from one process needs no token', async () => {
    const mroot = project();
    // Both spawned by this test process: the recorded owner is their common parent.
    expect((await runCli(['schedule', 'lock', 'acquire', mroot])).code).toBe(0);
    expect(await runCli(['schedule', 'lock', 'release', mroot])).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(scheduledLockPath(mroot))).toBe(false);
  });

  it('steals a stale lock with a note on stderr; --force removes any lock', async () => {
    const mroot = project();
    mkdirSync(scheduledRetroDir(mroot), { recursive: true });
    writeFileSync(scheduledLockPath(mroot), `4242\n${Math.floor(Date.now() / 1000) - 3 * 3600}\n`);
    const stolen = await runCli(['schedule', 'lock', 'acquire', mroot]);
    expect(stolen.code).toBe(0);
    expect(stolen.stderr).toMatch(/^scheduled retro: took over a stale lock \(pid 4242, taken \d{4}-/);
    expect(await runCli(['schedule', 'lock', 'release', mroot, '--force'])).toMatchObject({ code: 0 });
    expect(existsSync(scheduledLockPath(mroot))).toBe(false);
  });

  it.each([
    [['schedule', 'lock']],
    [['schedule', 'lock', 'acquire']],
    [['schedule', 'lock', 'grab', '.']],
    [['schedule', 'lock', 'acquire', '.', 'extra']],
  ])('usage errors exit 1, as the first lock helper did: %j', async (args) => {
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^retrospect schedule: .*; usage: retrospect schedule lock ACTION MROOT \[TOKEN\] \[options\]\n$/,
    );
  });

  it('a missing or unknown sub-command of schedule itself is a usage error like any other (exit 2)', async () => {
    const [none, unknown] = await Promise.all([runCli(['schedule']), runCli(['schedule', 'nope'])]);
    expect([none.code, unknown.code]).toEqual([2, 2]);
    expect(none.stdout).toMatch(/^usage: retrospect schedule <command>/);
    expect(unknown.stderr).toBe(
      "retrospect schedule: unknown sub-command 'nope'; usage: retrospect schedule <install|lock|report> ...\n",
    );
  });
});

describe('retrospect schedule report', () => {
  it('writes the report from files, prints its absolute path, fails open on a closed webhook port', async () => {
    const mroot = project();
    const inputs = project();
    writeFileSync(
      join(inputs, 'applied.tsv'),
      'ic5\tNEW\talways run tests\n\nqa\tTIGHTEN\tcheck exit codes\n',
    );
    writeFileSync(join(inputs, 'followup.txt'), '/adjust-agent pm "tighten scope"\n');
    writeFileSync(join(inputs, 'dups.txt'), '- devops: pin versions (rule 4)\n');
    writeFileSync(join(inputs, 'obs.txt'), 'retries cluster around the build step\n');
    const port = await closedPort();
    const run = await runCli(
      [
        'schedule',
        'report',
        '--mroot',
        'proj-root',
        '--mode',
        'all-auto',
        '--scanned',
        '10',
        '--skipped',
        '2',
        '--gated',
        '3',
        '--deep',
        '3',
        '--applied-file',
        join(inputs, 'applied.tsv'),
        '--followup-file',
        join(inputs, 'followup.txt'),
        '--duplicate-file',
        join(inputs, 'dups.txt'),
        '--observations-file',
        join(inputs, 'obs.txt'),
        '--note',
        'Nightly.',
      ],
      { cwd: mroot, env: { AGENT_WEBHOOK_URL: `http://127.0.0.1:${port}/` } },
    ).catch((error) => error);
    // A relative --mroot must name an existing folder.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/proj-root is not an existing folder/);
    mkdirSync(join(mroot, 'proj-root'));
    const ok = await runCli(
      [
        'schedule',
        'report',
        '--mroot',
        'proj-root',
        '--mode',
        'all-auto',
        '--scanned',
        '10',
        '--skipped',
        '2',
        '--gated',
        '3',
        '--deep',
        '3',
        '--applied-file',
        join(inputs, 'applied.tsv'),
        '--followup-file',
        join(inputs, 'followup.txt'),
        '--duplicate-file',
        join(inputs, 'dups.txt'),
        '--observations-file',
        join(inputs, 'obs.txt'),
        '--note',
        'Nightly.',
      ],
      { cwd: mroot, env: { AGENT_WEBHOOK_URL: `http://127.0.0.1:${port}/` } },
    );
    expect(ok.code).toBe(0);
    const path = ok.stdout.trim();
    expect(path.startsWith(join(mroot, 'proj-root', '.claude', 'retro', 'scheduled-'))).toBe(true);
    expect(ok.stderr).toMatch(
      /webhook \(AGENT_WEBHOOK_URL\) not delivered: connection refused \(ECONNREFUSED\); the report stands/,
    );
    const text = readFileSync(path, 'utf8');
    for (const line of [
      '- sessions: scanned=10 skipped=2 gated=3 deep-read=3',
      '## Note\n\nNightly.\n',
      '## Applied\n- target=ic5 action=NEW: always run tests\n- target=qa action=TIGHTEN: check exit codes\n',
      '## Manual follow-up\n- /adjust-agent pm "tighten scope"\n',
      '## Duplicates (advisory)\n- devops: pin versions (rule 4)\n',
      '## Observations\n- retries cluster around the build step\n',
      '## Summary\nApplied: 2 | Manual follow-up: 1 | scanned=10 skipped=2 gated=3 deep-read=3\n',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('keeps the newest 12 reports', async () => {
    const mroot = project();
    const dir = scheduledRetroDir(mroot);
    mkdirSync(dir, { recursive: true });
    for (let day = 1; day <= 13; day += 1) {
      const file = join(dir, `scheduled-2000-01-${String(day).padStart(2, '0')}T000000Z.md`);
      writeFileSync(file, `old ${day}\n`);
      utimesSync(file, new Date(Date.UTC(2000, 0, day)), new Date(Date.UTC(2000, 0, day)));
    }
    const run = await runCli(
      ['schedule', 'report', '--mroot', mroot, '--mode', 'all-auto', '--note', 'probe'],
      {
        env: NO_HOOK,
      },
    );
    expect(run.code).toBe(0);
    const left = readdirSync(dir).filter((name) => name.endsWith('.md'));
    expect(left).toHaveLength(12);
    expect(left).not.toContain('scheduled-2000-01-01T000000Z.md');
    expect(left).not.toContain('scheduled-2000-01-02T000000Z.md');
    expect(existsSync(run.stdout.trim())).toBe(true);
  });

  it('usage errors exit 1', async () => {
    const mroot = project();
    const runs = await Promise.all([
      runCli(['schedule', 'report'], { env: NO_HOOK }),
      runCli(['schedule', 'report', '--mroot', mroot, '--mode', 'all-auto', '--scanned', 'x'], {
        env: NO_HOOK,
      }),
      runCli(
        ['schedule', 'report', '--mroot', mroot, '--mode', 'all-auto', '--applied-file', join(mroot, 'nope')],
        {
          env: NO_HOOK,
        },
      ),
    ]);
    expect(runs.map((run) => run.code)).toEqual([1, 1, 1]);
    expect(runs[1]?.stderr).toMatch(/--scanned takes a whole number, got 'x'/);
    expect(runs[2]?.stderr).toMatch(/cannot read --applied-file .*nope: ENOENT/);
    expect(readdirSync(mroot)).toEqual([]);
  });

  it('every value flag given without a value, or a wrong mode, exits 1 (never hangs)', async () => {
    // In-process through the CLI's error boundary: fourteen spawns would cost seconds for the same path.
    const flags = [
      '--mroot',
      '--mode',
      '--scanned',
      '--skipped',
      '--gated',
      '--deep',
      '--applied-file',
      '--followup-file',
      '--duplicate-file',
      '--observations-file',
      '--summary',
      '--note',
      '--applied-count',
      '--followup-count',
    ];
    const mroot = project();
    const cases = [...flags.map((flag) => [flag]), ['--mroot', mroot, '--mode', 'single']];
    for (const args of cases) {
      const io = memoryIo();
      expect(await main(['schedule', 'report', ...args], io)).toBe(1);
      expect(io.err()).toMatch(/usage: retrospect schedule report/);
    }
    expect(readdirSync(mroot)).toEqual([]);
  });
});

describe('retrospect schedule install', () => {
  it('prints a crontab line for the main checkout, from a subfolder of a worktree', async () => {
    const repo = project();
    spawnSync('git', ['init', '-q', repo]);
    mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
    const run = await runCli(['schedule', 'install', '--every', '6h', '--at', '02:45'], {
      cwd: join(repo, 'src', 'deep'),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^45 \*\/6 \* \* \* cd '(.+)' && '.+' '.+retrospect\.js' retro --all --auto >> /,
    );
    expect(run.stdout).toContain(`cd '${realpathSync(repo)}' && `);
    expect(run.stderr).toMatch(/printed only; add --write/);
    expect(existsSync(join(repo, '.claude'))).toBe(false);
  });

  it('prints systemd units; refuses an inexact cadence with exit 2', async () => {
    const repo = project();
    const [units, bad, both] = await Promise.all([
      runCli(['schedule', 'install', '--systemd'], {
        cwd: repo,
        env: { XDG_CONFIG_HOME: join(repo, 'cfg') },
      }),
      runCli(['schedule', 'install', '--every', '2d'], { cwd: repo }),
      runCli(['schedule', 'install', '--cron', '--systemd'], { cwd: repo }),
    ]);
    expect(units.code).toBe(0);
    expect(units.stdout).toMatch(/^# .+\/cfg\/systemd\/user\/retrospect-retro-.+\.service\n\[Unit\]/);
    expect(units.stdout).toContain('OnCalendar=*-*-* 03:');
    expect([bad.code, both.code]).toEqual([2, 2]);
    expect(bad.stderr).toMatch(
      /--every: expected Nm \(N divides 60\), Nh \(N divides 24\), 1d or 1w, got '2d'/,
    );
  });
});

function memoryIo(): CliIo & { err(): string } {
  let err = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        append(String(chunk));
        done();
      },
    });
  return {
    stdout: sink(() => {}),
    stderr: sink((text) => {
      err += text;
    }),
    stdin: Readable.from([]),
    env: { AGENT_WEBHOOK_URL: '' },
    cwd: tmpdir(),
    err: () => err,
  };
}
