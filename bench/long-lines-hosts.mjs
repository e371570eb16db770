#!/usr/bin/env node
// Long lines of the hosts other than Claude Code's gate: one Codex rollout line, one Copilot event line,
// and a Claude Code transcript line as the guard hook reads it (the message reader, not the gate's
// reducer), each hundreds of MB. Prints wall time and peak RSS of the whole command for each.
// usage: node bench/long-lines-hosts.mjs [--mb 100] [--out DIR] [--keep]
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/cli.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repo, 'bin', 'retrospect.js');
const args = parseFlags();
const MB = Number(args.mb ?? 100);
const out = args.out ?? mkdtempSync(join(tmpdir(), 'retrospect-long-lines-hosts-'));
mkdirSync(out, { recursive: true });
const HAS_TIME = existsSync('/usr/bin/time');

/** Writes `lines` short lines, then `head` + `piece` repeated to about `mb` MB + `tail`, then `after`. */
function writeSession(path, before, head, piece, tail, after) {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, before);
    writeSync(fd, head);
    const block = Buffer.from(piece.repeat(Math.max(1, Math.floor((1 << 20) / piece.length))));
    for (let written = 0; written < MB * 1e6; written += block.length) writeSync(fd, block);
    writeSync(fd, tail);
    writeSync(fd, after);
  } finally {
    closeSync(fd);
  }
}

function run(argv, input) {
  const [file, fileArgs] = HAS_TIME
    ? ['/usr/bin/time', ['-f', '%M', process.execPath, bin, ...argv]]
    : [process.execPath, [bin, ...argv]];
  const started = performance.now();
  const result = spawnSync(file, fileArgs, {
    encoding: 'utf8',
    input,
    env: { ...process.env, FRICTION_LEDGER: join(out, 'none.jsonl'), RETRO_THRESHOLD: '' },
    maxBuffer: 1 << 26,
  });
  const seconds = (performance.now() - started) / 1000;
  const lines = result.stderr.trim().split('\n');
  const rssMb = HAS_TIME ? Number(lines.pop()) / 1024 : Number.NaN;
  return {
    seconds,
    rssMb,
    status: result.status,
    stdout: result.stdout.trim(),
    warnings: lines.filter(Boolean),
  };
}

const id = '01997a10-2b3c-7d4e-8f90-a1b2c3d4e5f6';
const codexPath = join(
  out,
  '.codex',
  'sessions',
  '2025',
  '09',
  '24',
  `rollout-2025-09-24T11-10-00-${id}.jsonl`,
);
const codexMeta = `${JSON.stringify({ timestamp: '2025-09-24T11:10:00Z', type: 'session_meta', payload: { id, cwd: '/home/ada/shop' } })}\n`;
const codexUser = `${JSON.stringify({ timestamp: '2025-09-24T11:10:01Z', type: 'event_msg', payload: { type: 'user_message', message: 'no, that is wrong' } })}\n`;
const copilotPath = join(
  out,
  '.copilot',
  'session-state',
  '8baa78ec-b203-4c7f-b1d3-c1170ae84b7d',
  'events.jsonl',
);
const copilotStart = `${JSON.stringify({ type: 'session.start', timestamp: '2025-10-01T10:00:00Z', data: { sessionId: '8baa78ec-b203-4c7f-b1d3-c1170ae84b7d' } })}\n${JSON.stringify({ type: 'user.message', timestamp: '2025-10-01T10:00:01Z', data: { content: 'fix the config' } })}\n`;
const claudePath = join(out, 'claude', 'guard.jsonl');
const claudeUser = `${JSON.stringify({ type: 'user', uuid: 'u1', sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'fix the cart' } })}\n`;

const CASES = [
  {
    label: 'Codex: one function_call_output line',
    path: codexPath,
    write: () =>
      writeSession(
        codexPath,
        codexMeta + codexUser,
        '{"timestamp":"2025-09-24T11:20:00Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"',
        'line of output\\n',
        '"}}\n',
        codexUser,
      ),
    argv: ['gate', codexPath],
  },
  {
    label: 'Copilot: one tool.execution_complete line',
    path: copilotPath,
    write: () =>
      writeSession(
        copilotPath,
        copilotStart,
        '{"type":"tool.execution_complete","timestamp":"2025-10-01T10:00:02Z","data":{"toolCallId":"t1","success":true,"result":{"content":"',
        'line of output\\n',
        '"}}}\n',
        '',
      ),
    argv: ['gate', copilotPath],
  },
  {
    label: 'Claude Code via hook guard (messages)',
    path: claudePath,
    write: () =>
      writeSession(
        claudePath,
        claudeUser,
        '{"type":"assistant","uuid":"a1","sessionId":"s","message":{"role":"assistant","content":[{"type":"text","text":"',
        'let me try again. ',
        '"}]}}\n',
        '',
      ),
    argv: ['hook', 'guard', 'repeated-failing-command'],
    input: () =>
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        transcript_path: claudePath,
        tool_name: 'Bash',
        tool_input: { command: 'npm test' },
      }),
  },
];

for (const c of CASES) {
  c.write();
  const size = statSync(c.path).size;
  const r = run(c.argv, c.input?.());
  console.log(
    `${c.label.padEnd(42)} ${(size / 1e6).toFixed(0).padStart(5)} MB  ${r.seconds.toFixed(2).padStart(6)} s  peak RSS ${r.rssMb.toFixed(0).padStart(5)} MB  exit ${r.status}${r.warnings.length ? `  ${r.warnings[0].slice(0, 120)}` : ''}`,
  );
  rmSync(c.path);
}
if (!args.keep && !args.out) rmSync(out, { recursive: true, force: true });
