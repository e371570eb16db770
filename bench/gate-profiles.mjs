#!/usr/bin/env node
// The calibrated gate profile's cost against the seed profile's on one ~100 MB generated transcript (and,
// when given, on real transcripts): `retrospect gate` spawned as a user runs it, the two profiles
// alternating, best and median wall time of N runs each, and the median CPU time (user + sys, what a
// loaded machine shares out; read with /usr/bin/time where there is one). The goal is calibrated <= 1.3x seed.
// usage: node bench/gate-profiles.mjs [--runs N] [FILE...]   (needs `npm run build` first)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'retrospect.js');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 9;
const files = args.filter((a, i) => a !== '--runs' && i !== runsAt + 1);

function generated() {
  const dir = join(ROOT, 'bench', '.corpus', 'single-100mb');
  if (!existsSync(join(dir, '.done'))) {
    console.error('generating single-100mb ...');
    const gen = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bench', 'gen-sessions.mjs'),
        '--out',
        dir,
        '--sessions',
        '1',
        '--turns',
        '16000',
        '--seed',
        '101',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (gen.status !== 0) throw new Error('generating the transcript failed');
    spawnSync('touch', [join(dir, '.done')]);
  }
  const name = readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('.jsonl'));
  return join(dir, name);
}

// GNU time prints the child's user and system CPU seconds on its last line of stderr.
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function timeOnce(file, profile) {
  const gate = [BIN, 'gate', file, '--profile', profile];
  const start = process.hrtime.bigint();
  const run = spawnSync(TIME ?? process.execPath, TIME ? ['-f', '%U %S', process.execPath, ...gate] : gate, {
    encoding: 'utf8',
    env: { ...process.env, FRICTION_LEDGER: join(ROOT, 'bench', '.out', 'no-ledger.jsonl') },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`gate failed: ${run.stderr}`);
  if (JSON.parse(run.stdout).error) throw new Error(`gate did not read ${file}: ${run.stdout}`);
  const cpu = TIME ? run.stderr.trim().split('\n').at(-1).split(' ').map(Number) : undefined;
  return { ms, cpuMs: cpu ? (cpu[0] + cpu[1]) * 1000 : Number.NaN };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const file of files.length > 0 ? files : [generated()]) {
  const times = { seed: [], calibrated: [] };
  const cpu = { seed: [], calibrated: [] };
  timeOnce(file, 'seed');
  timeOnce(file, 'calibrated');
  for (let i = 0; i < RUNS; i++)
    for (const profile of ['seed', 'calibrated']) {
      const { ms, cpuMs } = timeOnce(file, profile);
      times[profile].push(ms);
      cpu[profile].push(cpuMs);
    }
  const mb = (statSync(file).size / 1e6).toFixed(0);
  const best = { seed: Math.min(...times.seed), calibrated: Math.min(...times.calibrated) };
  const med = { seed: median(times.seed), calibrated: median(times.calibrated) };
  console.log(
    `${mb} MB ${file.split('/').pop()}: seed best ${best.seed.toFixed(0)} ms (median ${med.seed.toFixed(0)}), calibrated best ${best.calibrated.toFixed(0)} ms (median ${med.calibrated.toFixed(0)}); ratio best ${(best.calibrated / best.seed).toFixed(2)}x, median ${(med.calibrated / med.seed).toFixed(2)}x`,
  );
  if (TIME) {
    const c = { seed: median(cpu.seed), calibrated: median(cpu.calibrated) };
    console.log(
      `  CPU (user + sys) median: seed ${c.seed.toFixed(0)} ms, calibrated ${c.calibrated.toFixed(0)} ms; ratio ${(c.calibrated / c.seed).toFixed(2)}x`,
    );
  }
}
