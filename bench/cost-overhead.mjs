#!/usr/bin/env node
// What the cost columns add to a cold scan (docs/cost.md, Overhead): this build against the same build with
// the cost tap cut out (bench/cost-overhead-cut.mjs says what the cut removes), each built from a copy of
// this checkout's files (uncommitted edits included) into a scratch folder.
// 1. Instructions, which the machine's load does not move: `retrospect scan TREE` with a fresh store, under
//    valgrind's cachegrind without its cache simulation (every thread counted; child processes traced), at
//    each --jobs asked for, node run with --single-threaded (see instructions()). Printed per build with
//    their ratio.
// 2. CPU time (user + system of the scan's process, from the kernel's count of its finished children),
//    ROUNDS interleaved runs of each build (the order flips every round), fresh store each run: medians, their
//    ratio, and the median of each run's ratio to the other build's run of the same round.
// Nothing is written into the checkout or the tree; the stores and builds live in the scratch folder.
// usage: node bench/cost-overhead.mjs TREE [--rounds 7] [--jobs 1,default] [--json-output]
//          [--builds DIR] [--no-instructions] [--no-cpu] [--predictable-gc]
//   TREE: a folder of agent sessions (as `retrospect scan DIR` takes it). --jobs: a list; `default` runs the
//   scan without --jobs (one thread per CPU). --json-output: scan --json instead of the table. --builds DIR:
//   build into DIR, or reuse the builds already there. --predictable-gc: the instruction runs also pass node's
//   --predictable-gc-schedule, which fixes how the heap grows: without it V8 sizes the heap by the time its
//   collections take, so the machine's load moves a build's count (the same build on the 1 GB tree, two runs
//   side by side at a load of 6 to 8: 18.02 G and 18.34 G). The CPU runs are never given it.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CUT } from './cost-overhead-cut.mjs';
import { median } from './lib/stats.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '7' },
    jobs: { type: 'string', default: '1,default' },
    'json-output': { type: 'boolean' },
    builds: { type: 'string' },
    'no-instructions': { type: 'boolean' },
    'no-cpu': { type: 'boolean' },
    'predictable-gc': { type: 'boolean' },
  },
});
if (positionals.length !== 1) {
  console.error(
    'usage: node bench/cost-overhead.mjs TREE [--rounds 7] [--jobs 1,default] [--json-output] [--builds DIR] [--predictable-gc]',
  );
  process.exit(2);
}
const tree = resolve(positionals[0]);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds: expected a whole number of at least 1, got ${values.rounds}`);
const jobsList = values.jobs.split(',').map((j) => j.trim());
for (const j of jobsList)
  if (j !== 'default' && !/^[1-9][0-9]*$/.test(j))
    throw new Error(`--jobs: expected numbers or "default", got ${j}`);

const scratch = values.builds
  ? resolve(values.builds)
  : mkdtempSync(join(tmpdir(), 'retrospect-cost-overhead-'));
mkdirSync(scratch, { recursive: true });

/** The checkout's files as they are now (tracked and new, not ignored). */
function checkoutFiles() {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '' && existsSync(join(ROOT, f)));
}

/** Applies one edit of the cut to the copy; the text must be found exactly as often as the edit says. */
function applyEdit(copy, files, edit) {
  let file = edit.file;
  if (!existsSync(join(copy, file))) {
    // Moved: the one file under the same top folder that holds the text.
    const top = file.split('/')[0];
    const found = files.filter(
      (f) =>
        f.startsWith(`${top}/`) &&
        f.endsWith('.ts') &&
        readFileSync(join(copy, f), 'utf8').includes(edit.from),
    );
    if (found.length !== 1)
      throw new Error(`cut: ${edit.file} is gone and ${found.length} files hold its text (${edit.why})`);
    file = found[0];
  }
  const text = readFileSync(join(copy, file), 'utf8');
  const count = text.split(edit.from).length - 1;
  if (count !== (edit.count ?? 1))
    throw new Error(
      `cut: ${file} holds the text to replace ${count} times, expected ${edit.count ?? 1} (${edit.why})`,
    );
  writeFileSync(join(copy, file), text.split(edit.from).join(edit.to));
}

/** A build of this checkout in scratch/NAME (the cut applied when asked), reused when it is there. */
function build(name, cut) {
  const copy = join(scratch, name);
  if (existsSync(join(copy, 'dist', 'cli', 'main.js'))) return copy;
  rmSync(copy, { recursive: true, force: true });
  const files = checkoutFiles();
  for (const f of files) cpSync(join(ROOT, f), join(copy, f), { dereference: false });
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
  if (cut) for (const edit of CUT) applyEdit(copy, files, edit);
  console.error(`building ${name} in ${copy} ...`);
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: copy, stdio: ['ignore', 'ignore', 'inherit'] });
  return copy;
}

const builds = [
  { name: 'tap', root: build('tap', false) },
  { name: 'cut', root: build('cut', true) },
];

/** The arguments of one cold scan (a fresh store each time). */
function scanArgs(root, jobs, store) {
  return [
    join(root, 'bin', 'retrospect.js'),
    'scan',
    tree,
    '--store',
    store,
    ...(jobs === 'default' ? [] : ['--jobs', jobs]),
    ...(values['json-output'] ? ['--json'] : []),
  ];
}

function freshStore(name) {
  const dir = join(scratch, `store-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return {
    store: join(dir, 'store.sqlite'),
    env: { ...process.env, RETROSPECT_DATA_DIR: join(dir, 'data') },
  };
}

function checked(result, what) {
  if (result.status !== 0)
    throw new Error(`${what} exited ${result.status}: ${String(result.stderr).slice(-2000)}`);
  return result;
}

/** Instructions of one cold scan: the sum of every traced process's `I refs`. */
function instructions(b, jobs) {
  const { store, env } = freshStore(b.name);
  const result = checked(
    spawnSync(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=no',
        '--trace-children=yes',
        '--cachegrind-out-file=/dev/null',
        process.execPath,
        // V8's own background threads off (compiling, collecting): how long code runs before its optimised
        // form is ready then no longer depends on scheduling, so the count repeats (the same build twice:
        // 0.1-0.2% apart, against up to 1.3% with them on). The scan's worker threads still run.
        '--single-threaded',
        ...(values['predictable-gc'] ? ['--predictable-gc-schedule'] : []),
        ...scanArgs(b.root, jobs, store),
      ],
      { env, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
    ),
    `valgrind ${b.name} --jobs ${jobs}`,
  );
  const counts = [...result.stderr.matchAll(/^==\d+== I\s+refs:\s+([\d,]+)/gm)].map((m) =>
    Number(m[1].replaceAll(',', '')),
  );
  if (counts.length === 0) throw new Error(`valgrind ${b.name}: no instruction count in its output`);
  return counts.reduce((a, c) => a + c, 0);
}

/** The CPU time (ms) of the finished children of this process so far: /proc/self/stat's cutime + cstime. */
function childrenCpuMs() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, cutime 16 and cstime 17 (1-based over the whole line).
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

function cpuRun(b, jobs) {
  const { store, env } = freshStore(b.name);
  const before = childrenCpuMs();
  checked(
    spawnSync(process.execPath, scanArgs(b.root, jobs, store), { env, stdio: ['ignore', 'ignore', 'pipe'] }),
    `scan ${b.name} --jobs ${jobs}`,
  );
  return childrenCpuMs() - before;
}

const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${(100 * (ratio - 1)).toFixed(1)}%`;
const ticks = () =>
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) === 100
    ? ''
    : ' (CLK_TCK is not 100: the CPU figures are off)';

console.log(
  `tree ${tree}; output ${values['json-output'] ? '--json' : 'table'}${values['predictable-gc'] ? '; instructions with --predictable-gc-schedule' : ''}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}${ticks()}`,
);
for (const jobs of jobsList) {
  if (!values['no-instructions']) {
    const [tap, cut] = builds.map((b) => instructions(b, jobs));
    console.log(
      `--jobs ${jobs} instructions: tap ${(tap / 1e9).toFixed(3)} G, cut ${(cut / 1e9).toFixed(3)} G, ratio ${(tap / cut).toFixed(4)} (${pct(tap / cut)})`,
    );
  }
  if (!values['no-cpu']) {
    const cpu = { tap: [], cut: [] };
    for (let r = 0; r < rounds; r++)
      for (const b of r % 2 ? [...builds].reverse() : builds) cpu[b.name].push(cpuRun(b, jobs));
    const paired = cpu.tap.map((t, i) => t / cpu.cut[i]);
    const [tap, cut] = [median(cpu.tap), median(cpu.cut)];
    console.log(
      `--jobs ${jobs} CPU (user+sys), medians of ${rounds} interleaved: tap ${tap.toFixed(0)} ms, cut ${cut.toFixed(0)} ms, ratio ${(tap / cut).toFixed(3)} (${pct(tap / cut)}), paired median ${median(paired).toFixed(3)}; tap ${cpu.tap.map((x) => x.toFixed(0)).join(' ')}; cut ${cpu.cut.map((x) => x.toFixed(0)).join(' ')}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
    );
  }
}
if (!values.builds)
  console.error(`builds and stores in ${scratch} (pass --builds ${scratch} to reuse the builds)`);
