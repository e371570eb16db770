#!/usr/bin/env node
// Wall time of the friction-capture hook as Claude Code runs it: spawn the built binary with a hook payload on
// stdin, N times per scenario, and print median and p95. Needs `npm run build` first. Node's `input` gives the
// child a socket, which the hook reads as a stream (process.stdin); a file (or a pipe, as a shell gives it) is
// read from fd 0 without the stream modules: the "from a file" scenario.
// usage: node bench/hook-capture.mjs [--runs N]
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'retrospect.js');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;

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

/** `input`: the payload's text (on a socket), or `{ file }` (the payload file as stdin). */
function measure(label, args, input, env) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const fd = typeof input === 'object' ? openSync(input.file, 'r') : undefined;
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, {
      ...(fd === undefined ? { input } : { stdio: [fd, 'pipe', 'pipe'] }),
      env: { ...process.env, ...env },
    });
    if (fd !== undefined) closeSync(fd);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0 || result.stderr.length > 0) {
      throw new Error(`${label}: exit ${result.status}: ${result.stderr.toString()}`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'retrospect-bench-hook-'));
try {
  console.log(`runs per scenario: ${RUNS}`);
  measure('node -e 0 (floor)', ['-e', '0'], '', {});
  measure('retrospect --version', [BIN, '--version'], '', {});
  const ledger = join(dir, 'friction.jsonl');
  measure('capture, 1 KiB payload on a socket', [BIN, 'hook', 'friction-capture'], payload(1024), {
    FRICTION_LEDGER: ledger,
  });
  const payloadFile = join(dir, 'payload.json');
  writeFileSync(payloadFile, payload(1024));
  measure(
    'capture, 1 KiB payload from a file',
    [BIN, 'hook', 'friction-capture'],
    { file: payloadFile },
    {
      FRICTION_LEDGER: ledger,
    },
  );
  measure('capture, 4 MiB payload', [BIN, 'hook', 'friction-capture'], payload(4 << 20), {
    FRICTION_LEDGER: join(dir, 'big.jsonl'),
  });
  const full = join(dir, 'full.jsonl');
  fullLedger(full, 10_000);
  measure('capture, ledger at 10000-line cap (rotates)', [BIN, 'hook', 'friction-capture'], payload(1024), {
    FRICTION_LEDGER: full,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
