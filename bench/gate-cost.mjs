#!/usr/bin/env node
// The calibrated gate profile's cost against the seed's on one transcript (issue 27's bound: calibrated
// <= 1.3x seed on a 100 MB transcript), counted three ways, each for every Node build asked for:
// 1. Instructions, which the machine's load does not move: `retrospect gate FILE --profile P` under
//    valgrind's cachegrind without its cache simulation, node run with --single-threaded so that V8's
//    compiling and collecting happen on the main thread and are counted in every run alike (with its
//    helper threads on, the calibrated count moves by some 6% from run to run of one build). The two
//    profiles alternate, INSTR runs each; printed per run and as medians with their ratio.
// 2. CPU time (user + system of the finished child, from the kernel's count) and wall time, ROUNDS
//    interleaved runs (the order flips every round), node run as a user runs it: medians and their ratio.
// The seed profile reads a file of over 48 MB on two threads when the last minute's load leaves a core free
// (src/gate/split-read.ts); the calibrated profile reads on one. Counted on two threads the seed pays a second
// thread's start-up and hand-over (some 0.6 G instructions on the 100 MB real concatenation), so the ratio
// moved with the load of the minute before each run: the counted runs are pinned to one core (taskset), where
// the gate sees no free core and both profiles read on one thread, the gate's own work compared. The timed
// runs are not pinned: they are the gate as a user runs it. The load average is printed with the figures.
// usage: node bench/gate-cost.mjs FILE [--node PATH]... [--instr 2] [--rounds 9] [--no-instructions]
//          [--no-cpu]   (needs `npm run build` first)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './lib/stats.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'retrospect.js');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    node: { type: 'string', multiple: true },
    instr: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '9' },
    'no-instructions': { type: 'boolean', default: false },
    'no-cpu': { type: 'boolean', default: false },
  },
});
const [file] = positionals;
if (!file) {
  console.error('usage: node bench/gate-cost.mjs FILE [--node PATH]... [--instr N] [--rounds N]');
  process.exit(2);
}
const NODES = values.node ?? [process.execPath];
const PROFILES = ['seed', 'calibrated'];
const SCRATCH = mkdtempSync(join(tmpdir(), 'gate-cost-'));
// The code cache in a folder of this run's own, so that no earlier run's cache decides what is counted.
const ENV = {
  ...process.env,
  FRICTION_LEDGER: join(SCRATCH, 'no-ledger.jsonl'),
  XDG_CACHE_HOME: join(SCRATCH, 'cache'),
};

const load = () => loadavg()[0].toFixed(1);

function checked(run, what) {
  if (run.status !== 0) throw new Error(`${what} failed: ${run.stderr}`);
  return run;
}

/** Instructions of one gate run, node --single-threaded under cachegrind (its summary line `I refs`). */
function instructions(node, profile) {
  const out = join(SCRATCH, 'cachegrind.out');
  const run = checked(
    spawnSync(
      'taskset',
      [
        '-c',
        '0',
        'valgrind',
        '--tool=cachegrind',
        '--cache-sim=no',
        `--cachegrind-out-file=${out}`,
        node,
        '--single-threaded',
        BIN,
        'gate',
        file,
        '--profile',
        profile,
      ],
      { encoding: 'utf8', env: ENV, maxBuffer: 64 * 1024 * 1024 },
    ),
    `valgrind ${profile}`,
  );
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (!refs) throw new Error(`no instruction count in valgrind's output: ${run.stderr.slice(-400)}`);
  return Number(refs[1].replaceAll(',', ''));
}

// GNU time prints the child's user and system CPU seconds on its last line of stderr.
function timed(node, profile) {
  const start = process.hrtime.bigint();
  const run = checked(
    spawnSync('/usr/bin/time', ['-f', '%U %S', node, BIN, 'gate', file, '--profile', profile], {
      encoding: 'utf8',
      env: ENV,
    }),
    `gate ${profile}`,
  );
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const [user, sys] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wallMs, cpuMs: (user + sys) * 1000 };
}

const ratio = (m) => (m.calibrated / m.seed).toFixed(3);
try {
  for (const node of NODES) {
    const version = checked(
      spawnSync(node, ['--version'], { encoding: 'utf8' }),
      'node --version',
    ).stdout.trim();
    console.log(`node ${version} (${node}), ${file}`);
    if (!values['no-instructions']) {
      // The first gate of a build compiles the bundle from its source and writes V8's code cache of the
      // functions it ran (src/cli/script-cache.ts): some 0.16 G more than a run that finds the cache. V8
      // refuses a cache made by a run outside valgrind (seen: the first counted run was as high after one),
      // so one uncounted run under the same command writes it first, on the default profile, as a user's
      // first gate would.
      instructions(node, 'calibrated');
      const counts = { seed: [], calibrated: [] };
      for (let i = 0; i < Number(values.instr); i++)
        for (const profile of i % 2 === 0 ? PROFILES : [...PROFILES].reverse()) {
          counts[profile].push(instructions(node, profile));
          console.log(
            `  instructions ${profile} ${(counts[profile].at(-1) / 1e9).toFixed(3)} G (load ${load()})`,
          );
        }
      const m = { seed: median(counts.seed), calibrated: median(counts.calibrated) };
      console.log(
        `  instructions median: seed ${(m.seed / 1e9).toFixed(3)} G, calibrated ${(m.calibrated / 1e9).toFixed(3)} G; ratio ${ratio(m)}x`,
      );
    }
    if (!values['no-cpu']) {
      const cpu = { seed: [], calibrated: [] };
      const wall = { seed: [], calibrated: [] };
      const loads = [load()];
      // One unmeasured run of each first: the file and the bundle come into the page cache alike.
      for (const profile of PROFILES) timed(node, profile);
      for (let i = 0; i < Number(values.rounds); i++)
        for (const profile of i % 2 === 0 ? PROFILES : [...PROFILES].reverse()) {
          const { wallMs, cpuMs } = timed(node, profile);
          cpu[profile].push(cpuMs);
          wall[profile].push(wallMs);
        }
      loads.push(load());
      const c = { seed: median(cpu.seed), calibrated: median(cpu.calibrated) };
      const w = { seed: median(wall.seed), calibrated: median(wall.calibrated) };
      console.log(
        `  CPU (user + sys) median of ${values.rounds}: seed ${c.seed.toFixed(0)} ms, calibrated ${c.calibrated.toFixed(0)} ms; ratio ${ratio(c)}x`,
      );
      console.log(
        `  wall median: seed ${w.seed.toFixed(0)} ms, calibrated ${w.calibrated.toFixed(0)} ms; ratio ${ratio(w)}x (load ${loads.join(' to ')})`,
      );
    }
  }
} finally {
  rmSync(SCRATCH, { recursive: true, force: true });
}
