#!/usr/bin/env node
// Time of the friction-capture hook as Claude Code runs it: the built binary with a hook payload on its
// stdin, against `node -e 0` given the same stdin, interleaved round by round; wall time and CPU time (user
// + system of the process, from bash's `times`, in ms) of each run, medians and p95. Needs `npm run build`.
// Each stdin mode is one scenario pair:
//   socket: a Unix socket pair, what a Node parent's `stdio: 'pipe'` gives its child (Claude Code's hooks);
//   tcp:    a TCP loopback socket, accepted by the benchmark and handed over as the child's stdin;
//   pipe:   a pipe (a FIFO the benchmark writes the payload into), what a shell's `|` gives;
//   file:   the payload file itself, as `< payload.json` gives.
// The payload is written after the child has started (sockets) or before (pipe, file); every run's ledger
// must hold the row afterwards, or the benchmark stops.
// usage: node bench/hook-capture.mjs [--runs N] [--stdin socket,tcp,pipe,file] [--node PATH] [--extra]
//          [--bin A,B] (builds' bin/retrospect.js to run side by side, before and after: default this one's)
//   --extra adds, on a socket, a 4 MiB payload and a ledger at its 10,000-line cap (which rotates).
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'retrospect.js');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg('--runs', '40'));
const MODES = arg('--stdin', 'socket,tcp,pipe,file').split(',');
const NODE = arg('--node', process.execPath);
const EXTRA = process.argv.includes('--extra');
const BINS = arg('--bin', BIN).split(',');
for (const mode of MODES) {
  if (!['socket', 'tcp', 'pipe', 'file'].includes(mode)) throw new Error(`unknown --stdin mode ${mode}`);
}

function payload(contentBytes) {
  return JSON.stringify({
    session_id: '3f2b8c1e-7d4a-4e21-9b0f-5c6d7e8f9a01',
    transcript_path: '/home/dev/.claude/projects/-home-dev-proj/3f2b8c1e-7d4a-4e21-9b0f-5c6d7e8f9a01.jsonl',
    cwd: '/home/dev/proj',
    permission_mode: 'default',
    hook_event_name: 'PostToolUseFailure',
    tool_name: 'Write',
    tool_input: { file_path: '/home/dev/proj/src/api/handler.ts', content: 'x'.repeat(contentBytes) },
    tool_use_id: 'toolu_01ABC123',
    error: 'EACCES: permission denied',
  });
}

function fullLedger(path, rows) {
  const row = (i) =>
    JSON.stringify({
      ts: new Date(Date.UTC(2026, 9, 1) + i * 1000).toISOString(),
      session_id: `s-${i % 50}`,
      event: 'PostToolUseFailure',
      tool: 'Bash',
      path: '',
    });
  writeFileSync(path, `${Array.from({ length: rows }, (_, i) => row(i)).join('\n')}\n`);
}

const dir = mkdtempSync(join(tmpdir(), 'retrospect-bench-hook-'));
const fifo = join(dir, 'payload.fifo');

/** The child's stdin for `mode`, and what to do with it once the child runs and once it is done. */
async function stdinFor(mode, text, payloadFile) {
  if (mode === 'socket') {
    // `node -e 0` reads nothing and may be gone before the write: its EPIPE is no failure.
    const started = (child) => child.stdin.on('error', () => {}).end(text);
    return { stdio: 'pipe', started, done: () => {} };
  }
  if (mode === 'tcp') {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise((resolve) => server.once('connection', resolve));
    const client = createConnection(server.address().port, '127.0.0.1').on('error', () => {});
    const ours = await accepted;
    return {
      stdio: ours,
      started: () => {
        ours.destroy();
        client.end(text);
      },
      done: () => {
        client.destroy();
        server.close();
      },
    };
  }
  if (mode === 'pipe') {
    // Opened for reading without waiting for a writer, then written whole (a pipe holds 64 KiB) and closed:
    // the child reads the payload, then the end.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const data = Buffer.from(text);
    for (let at = 0; at < data.length; ) at += writeSync(writer, data, at);
    closeSync(writer);
    return { stdio: reader, started: () => {}, done: () => closeSync(reader) };
  }
  const fd = openSync(payloadFile, 'r');
  return { stdio: fd, started: () => {}, done: () => closeSync(fd) };
}

/** One run of `args` under bash, which prints the child's CPU time (`times`): wall and CPU in ms. */
async function runOnce(args, mode, text, payloadFile, env) {
  const input = await stdinFor(mode, text, payloadFile);
  const start = process.hrtime.bigint();
  const child = spawn('bash', ['-c', '"$@"; code=$?; times; exit $code', 'bash', NODE, ...args], {
    stdio: [input.stdio, 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  input.started(child);
  const out = [];
  const err = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => err.push(b));
  const code = await new Promise((resolve) => child.on('close', resolve));
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  input.done();
  const stderr = Buffer.concat(err).toString();
  if (code !== 0 || stderr.length > 0)
    throw new Error(`${args.join(' ')} (${mode}): exit ${code}: ${stderr}`);
  // `times`: the shell's own user and system time, then its children's (the run's).
  const lines = Buffer.concat(out).toString().trim().split('\n');
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines.at(-1) ?? '');
  if (!m) throw new Error(`no times line: ${lines.join(' | ')}`);
  const cpu = (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
  return { wall, cpu };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
};

try {
  execFileSync('mkfifo', [fifo]);
  const payloadFile = join(dir, 'payload.json');
  const small = payload(1024);
  writeFileSync(payloadFile, small);
  const scenarios = [];
  let ledgers = 0;
  const hook = (label, mode, text, setup) =>
    BINS.map((bin, b) => ({
      label: BINS.length > 1 ? `${label} [${b + 1}]` : label,
      bin,
      mode,
      text,
      hook: true,
      ledger: () => {
        const ledger = join(dir, `ledger-${ledgers++}.jsonl`);
        setup?.(ledger);
        return ledger;
      },
    }));
  for (const mode of MODES) {
    scenarios.push({ label: `node -e 0, stdin ${mode} (floor)`, mode, text: small, args: ['-e', '0'] });
    scenarios.push(...hook(`capture, 1 KiB payload, stdin ${mode}`, mode, small));
  }
  if (EXTRA) {
    scenarios.push(...hook('capture, 4 MiB payload, stdin socket', 'socket', payload(4 << 20)));
    scenarios.push(
      ...hook('capture, ledger at 10000-line cap (rotates), socket', 'socket', small, (l) =>
        fullLedger(l, 10_000),
      ),
    );
  }
  const results = scenarios.map(() => ({ wall: [], cpu: [] }));
  console.log(
    `${NODE} (${execFileSync(NODE, ['--version']).toString().trim()}), ${RUNS} rounds, interleaved`,
  );
  if (BINS.length > 1) for (const [b, bin] of BINS.entries()) console.log(`[${b + 1}] ${bin}`);
  for (let round = 0; round < RUNS; round++) {
    for (const [i, s] of scenarios.entries()) {
      const ledger = s.hook ? s.ledger() : undefined;
      const args = s.hook ? [s.bin, 'hook', 'friction-capture'] : s.args;
      const env = ledger === undefined ? {} : { FRICTION_LEDGER: ledger };
      const { wall, cpu } = await runOnce(args, s.mode, s.text, payloadFile, env);
      if (ledger !== undefined) {
        const last = readFileSync(ledger, 'utf8').trimEnd().split('\n').at(-1) ?? '';
        if (!last.includes('"tool":"Write"')) throw new Error(`${s.label}: no row written to the ledger`);
        rmSync(ledger, { force: true });
      }
      results[i].wall.push(wall);
      results[i].cpu.push(cpu);
    }
  }
  const floors = new Map();
  for (const [i, s] of scenarios.entries()) {
    const wall = stats(results[i].wall);
    const cpu = stats(results[i].cpu);
    if (!s.hook) floors.set(s.mode, { wall: wall.median, cpu: cpu.median });
    const floor = floors.get(s.mode);
    const ratio =
      s.hook && floor
        ? `   ${(wall.median / floor.wall).toFixed(2)}x wall ${(cpu.median / floor.cpu).toFixed(2)}x CPU`
        : '';
    console.log(
      `${s.label.padEnd(52)} wall median ${wall.median.toFixed(1).padStart(6)} ms p95 ${wall.p95.toFixed(1).padStart(6)}   CPU median ${cpu.median.toFixed(0).padStart(4)} ms p95 ${cpu.p95.toFixed(0).padStart(4)}${ratio}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
