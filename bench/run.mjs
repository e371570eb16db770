#!/usr/bin/env node
// `npm run bench`: the gate and the scan on generated corpora, side by side with the plain full-parse path
// and the Python reference gate (the seed's original). Prints wall time (whole command, Node start-up
// included), MB/s, ratios and peak RSS, and checks that the fast path's verdicts equal the plain path's.
// Corpora are generated once under bench/.corpus/ (gitignored). Needs `npm run build` first.
// usage: node bench/run.mjs [--large] [--runs N] [--no-parity]
//   default: a 100 MB transcript, a 1 GB corpus of 400 sessions, a folder of 5,000 sessions
//   --large: also a 500 MB transcript
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = join(ROOT, 'bench', '.corpus');
const OUT = join(ROOT, 'bench', '.out');
const BIN = join(ROOT, 'bin', 'retrospect.js');
const args = process.argv.slice(2);
const LARGE = args.includes('--large');
const PARITY = !args.includes('--no-parity');
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
const HAS_TIME = existsSync('/usr/bin/time');

function generate(name, options) {
  const dir = join(CORPUS, name);
  if (existsSync(join(dir, '.done'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  console.error(`generating ${name} ...`);
  const gen = spawnSync(
    process.execPath,
    [join(ROOT, 'bench', 'gen-sessions.mjs'), '--out', dir, ...options],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (gen.status !== 0) throw new Error(`generating ${name} failed`);
  spawnSync('touch', [join(dir, '.done')]);
  return dir;
}

function jsonlFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((n) => n.endsWith('.jsonl'))
    .map((n) => join(dir, n));
}

const bytesOf = (paths) => paths.reduce((sum, p) => sum + statSync(p).size, 0);

/**
 * Runs a command once: wall seconds (whole process), CPU seconds (user + system, which a busy shared
 * machine disturbs far less than wall time) and peak RSS in MB (both via /usr/bin/time when present).
 */
function timed(cmd, cmdArgs, env = {}) {
  const [file, fileArgs] = HAS_TIME ? ['/usr/bin/time', ['-f', '%U %S %M', cmd, ...cmdArgs]] : [cmd, cmdArgs];
  const started = performance.now();
  const run = spawnSync(file, fileArgs, {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed: ${run.stderr}`);
  const [user, system, rssKb] = HAS_TIME ? run.stderr.trim().split('\n').pop().split(' ').map(Number) : [];
  return {
    seconds,
    cpu: HAS_TIME ? user + system : Number.NaN,
    rssMb: HAS_TIME ? rssKb / 1024 : Number.NaN,
    stdout: run.stdout,
  };
}

/** Best wall time of `RUNS` runs (the machine is shared; the minimum is the least disturbed), max RSS. */
function best(cmd, cmdArgs, env) {
  let result;
  for (let i = 0; i < RUNS; i++) {
    const r = timed(cmd, cmdArgs, env);
    if (!result || r.seconds < result.seconds)
      result = { ...r, rssMb: Math.max(r.rssMb, result?.rssMb ?? 0) };
    else result.rssMb = Math.max(result.rssMb, r.rssMb);
  }
  return result;
}

const fmt = (s) => `${s.toFixed(3)} s`;
const mbps = (bytes, s) => `${(bytes / 1e6 / s).toFixed(0)} MB/s`;
const rows = [];
function report(label, bytes, r, extra = '') {
  const line = `${label.padEnd(36)} wall ${fmt(r.seconds).padStart(9)} ${mbps(bytes, r.seconds).padStart(10)}  cpu ${fmt(r.cpu).padStart(9)}  peak RSS ${r.rssMb.toFixed(0).padStart(4)} MB${extra}`;
  rows.push(line);
  console.log(line);
}

const PLAIN_GATE = `import { gateSessionSync, formatVerdictJson } from ${JSON.stringify(join(ROOT, 'dist', 'gate', 'index.js'))};
import { readTranscriptEvents } from ${JSON.stringify(join(ROOT, 'dist', 'transcript', 'read.js'))};
console.log(formatVerdictJson(gateSessionSync(process.argv[1], { read: readTranscriptEvents }).verdict));`;

function gateSideBySide(label, file) {
  const bytes = statSync(file).size;
  // The Python reference is the original gate: compare it with the seed profile, byte for byte.
  const env = { FRICTION_LEDGER: join(OUT, 'no-ledger.jsonl'), RETRO_GATE_PROFILE: 'seed' };
  const fast = best(process.execPath, [BIN, 'gate', file], env);
  const plain = best(process.execPath, ['--input-type=module', '-e', PLAIN_GATE, file], env);
  const python = best('python3', [join(ROOT, 'bench', 'reference', 'gate.py'), file], env);
  const same = fast.stdout === plain.stdout && fast.stdout === python.stdout;
  console.log(`\n${label}: ${(bytes / 1e6).toFixed(1)} MB, verdicts ${same ? 'identical' : 'DIFFERENT'}`);
  const ratio = (r) =>
    `  ${(python.seconds / r.seconds).toFixed(1)}x Python (wall), ${(python.cpu / r.cpu).toFixed(1)}x (cpu)`;
  report('  retrospect gate (fast path)', bytes, fast, ratio(fast));
  report('  plain full-parse path', bytes, plain, ratio(plain));
  report('  Python reference gate', bytes, python);
  if (!same) process.exitCode = 1;
}

function scanColdWarm(label, dir) {
  const bytes = bytesOf(jsonlFiles(dir));
  const store = join(OUT, `${label.replace(/\W+/g, '-')}.sqlite`);
  rmSync(store, { force: true });
  rmSync(`${store}-wal`, { force: true });
  rmSync(`${store}-shm`, { force: true });
  const env = { FRICTION_LEDGER: join(OUT, 'no-ledger.jsonl'), CLAUDE_CONFIG_DIR: OUT };
  const cold = timed(process.execPath, [BIN, 'scan', dir, '--store', store, '--json'], env);
  const warm = best(process.execPath, [BIN, 'scan', dir, '--store', store, '--json'], env);
  const sessions = cold.stdout.trim().split('\n').length;
  console.log(
    `\n${label}: ${sessions} sessions, ${(bytes / 1e6).toFixed(0)} MB (page cache warm; cpu counts all threads)`,
  );
  report('  scan, cold (empty store)', bytes, cold);
  report('  scan, warm (nothing changed)', bytes, warm);
  return cold.stdout;
}

function parity(dirs) {
  const run = spawnSync(process.execPath, [join(ROOT, 'bench', 'fast-parity.mjs'), ...dirs], {
    encoding: 'utf8',
  });
  console.log(`\n${run.stdout.trim()}`);
  if (run.status !== 0) process.exitCode = 1;
}

mkdirSync(OUT, { recursive: true });
console.log(
  `retrospect bench — ${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}, best of ${RUNS} runs`,
);
const single = jsonlFiles(
  generate('single-100mb', ['--sessions', '1', '--turns', '16000', '--seed', '101']),
)[0];
const corpus = generate('corpus-1gb-400', ['--sessions', '400', '--turns', '400', '--seed', '202']);
const many = generate('folder-5000', ['--sessions', '5000', '--turns', '6', '--seed', '303']);
const fuzz = join(CORPUS, 'fuzz');
if (!existsSync(fuzz))
  spawnSync(
    process.execPath,
    [join(ROOT, 'bench', 'fuzz-sessions.mjs'), '--out', fuzz, '--sessions', '500'],
    {
      stdio: 'ignore',
    },
  );

gateSideBySide('gate on one transcript', single);
if (LARGE) {
  const huge = jsonlFiles(
    generate('single-500mb', ['--sessions', '1', '--turns', '80000', '--seed', '404']),
  )[0];
  gateSideBySide('gate on a 500 MB transcript', huge);
}
scanColdWarm('scan 1 GB / 400 sessions', corpus);
scanColdWarm('scan 5,000 sessions', many);
if (PARITY) parity([join(ROOT, 'examples'), fuzz, corpus, many, dirname(single)]);
