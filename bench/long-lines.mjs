#!/usr/bin/env node
// `retrospect gate` on transcripts built to hurt: one line of hundreds of MB (a user text full of push-back,
// an assistant text full of retries, one giant word, escapes, white space, a huge tool result, a huge array
// of numbers, a million content blocks, deep nesting, garbage), and many lines just under the 4 MiB cap.
// Prints wall time and peak RSS of the whole command for each, and checks each verdict against what a
// full parse gives where a full parse is possible (the size given by --check-mb, small enough to parse).
// usage: node bench/long-lines.mjs [--mb 200] [--check-mb 20] [--out DIR] [--keep]
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
const MB = Number(args.mb ?? 200);
const CHECK_MB = Number(args['check-mb'] ?? 20);
const out = args.out ?? mkdtempSync(join(tmpdir(), 'retrospect-long-lines-'));
mkdirSync(out, { recursive: true });
const HAS_TIME = existsSync('/usr/bin/time');

/** Writes `head`, then `piece` repeated until about `mb` MB, then `tail`, as one file, without holding it. */
function writeRepeated(path, head, piece, tail, mb, lines = 1) {
  const fd = openSync(path, 'w');
  try {
    for (let line = 0; line < lines; line++) {
      writeSync(fd, head);
      const block = Buffer.from(piece.repeat(Math.max(1, Math.floor((1 << 20) / piece.length))));
      const target = (mb * 1e6) / lines;
      for (let written = 0; written < target; written += block.length) writeSync(fd, block);
      writeSync(fd, tail);
    }
  } finally {
    closeSync(fd);
  }
}

const session = '"sessionId":"bench-long","timestamp":"2026-10-01T09:00:00Z"';
const longAnswer = `{"type":"assistant","uuid":"a0",${session},"message":{"role":"assistant","content":[{"type":"text","text":"${'I checked the cart code. '.repeat(30)}"}]}}\n`;
const CASES = [
  [
    'user text: "no that\'s wrong" x N',
    `${longAnswer}{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"`,
    "no that's wrong ",
    '"}}\n',
  ],
  [
    'assistant text: retries x N',
    `{"type":"assistant","uuid":"a1",${session},"message":{"role":"assistant","content":[{"type":"text","text":"`,
    'let me try again. ',
    '"}]}}\n',
  ],
  [
    'user text: one giant word',
    `${longAnswer}{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"stop `,
    'abcdefgh',
    ' ok"}}\n',
  ],
  [
    'user text: escapes',
    `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"`,
    '\\u0073top \\ud83d\\ude00 \\n',
    '"}}\n',
  ],
  [
    'user text: white space',
    `${longAnswer}{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"nope`,
    ' \\t ',
    'ok"}}\n',
  ],
  [
    'user text: tags <<<<',
    `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"stop `,
    '<a<bc-d',
    '"}}\n',
  ],
  [
    'tool result (not read)',
    `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":[{"type":"tool_result","is_error":true,"content":"`,
    'line of output\\n',
    '"}]},"toolUseResult":{"stdout":"x"}}\n',
  ],
  [
    'array of numbers (not read)',
    `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"stop"},"extra":[`,
    '0,1.5e3,',
    '7]}\n',
  ],
  [
    'a million content blocks',
    `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":[`,
    '{"type":"tool_result","is_error":true},',
    '{"type":"text","text":"x"}]}}\n',
  ],
  [
    'deep nesting',
    `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"stop"},"extra":`,
    '[',
    '\n',
  ],
  ['not JSON at all', '', '\u0000\u00ff garbage ', '\n'],
];

function runGate(path) {
  const [file, fileArgs] = HAS_TIME
    ? ['/usr/bin/time', ['-f', '%M', process.execPath, bin, 'gate', path]]
    : [process.execPath, [bin, 'gate', path]];
  const started = performance.now();
  const run = spawnSync(file, fileArgs, {
    encoding: 'utf8',
    env: { ...process.env, FRICTION_LEDGER: join(out, 'none.jsonl'), RETRO_THRESHOLD: '' },
    maxBuffer: 1 << 26,
  });
  const seconds = (performance.now() - started) / 1000;
  const rssMb = HAS_TIME ? Number(run.stderr.trim().split('\n').pop()) / 1024 : Number.NaN;
  return { seconds, rssMb, verdict: run.stdout.trim(), warnings: run.stderr.trim().split('\n').slice(0, -1) };
}

/** The verdict of a full parse (the oracle reader, no reduction), for a file small enough to parse. */
function fullVerdict(path) {
  const script = `
    const { gateSessionSync, formatVerdictJson } = await import(${JSON.stringify(join(repo, 'dist', 'gate', 'index.js'))});
    const { readTranscriptEvents } = await import(${JSON.stringify(join(repo, 'dist', 'transcript', 'read.js'))});
    const result = gateSessionSync(process.argv[1], { ledgerPath: null, env: {}, read: (p, on) => readTranscriptEvents(p, on) });
    process.stdout.write(formatVerdictJson(result.verdict));`;
  const run = spawnSync(
    process.execPath,
    ['--input-type=module', '--max-old-space-size=8192', '-e', script, path],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  return run.status === 0 ? run.stdout.trim() : `(full parse failed: ${run.stderr.trim().split('\n')[0]})`;
}

const rows = [];
let mismatches = 0;
for (const [label, head, piece, tail] of CASES) {
  const path = join(out, `${label.replace(/\W+/g, '-')}.jsonl`);
  writeRepeated(path, head, piece, tail, MB);
  const size = statSync(path).size;
  const r = runGate(path);
  // The same shape, small enough for a full parse, must give the same verdict.
  const small = join(out, `${label.replace(/\W+/g, '-')}.small.jsonl`);
  writeRepeated(small, head, piece, tail, CHECK_MB);
  const expected =
    label === 'deep nesting' || label === 'a million content blocks' ? undefined : fullVerdict(small);
  const actual = runGate(small).verdict;
  const parity =
    expected === undefined
      ? 'left out by design (see warning)'
      : expected === actual
        ? 'same as full parse'
        : 'DIFFERS';
  if (parity === 'DIFFERS') {
    mismatches++;
    console.error(`${label}: expected ${expected}\n  got ${actual}`);
  }
  rows.push(
    `${label.padEnd(34)} ${(size / 1e6).toFixed(0).padStart(5)} MB  ${r.seconds.toFixed(2).padStart(6)} s  peak RSS ${r.rssMb.toFixed(0).padStart(4)} MB  score ${JSON.parse(r.verdict).score}  ${parity}${r.warnings.length ? `  [${r.warnings.length} warning]` : ''}`,
  );
  console.log(rows[rows.length - 1]);
  rmSync(path);
  rmSync(small);
}

// Many lines just under the cap: the ordinary path, each line held whole.
const under = join(out, 'under-cap.jsonl');
writeRepeated(
  under,
  `{"type":"user","uuid":"u1",${session},"message":{"role":"user","content":"`,
  "no that's wrong ",
  '"}}\n',
  MB,
  Math.max(1, Math.round(MB / 3.9)),
);
const r = runGate(under);
console.log(
  `${'lines of 3.9 MB (under the cap)'.padEnd(34)} ${(statSync(under).size / 1e6).toFixed(0).padStart(5)} MB  ${r.seconds.toFixed(2).padStart(6)} s  peak RSS ${r.rssMb.toFixed(0).padStart(4)} MB  score ${JSON.parse(r.verdict).score}`,
);
rmSync(under);
if (!args.keep && !args.out) rmSync(out, { recursive: true, force: true });
if (mismatches > 0) {
  console.error(`${mismatches} verdict(s) differ from a full parse`);
  process.exitCode = 1;
}
