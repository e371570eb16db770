import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';

const PROCESSES = 8;
const APPENDS = 200;
// Without caps every row must survive; fewer appends keep this fsync-bound check quick.
const UNCAPPED_APPENDS = 50;
const CAPTURE_MODULE = pathToFileURL(join(REPO_ROOT, 'dist', 'ledger', 'capture.js')).href;
const SETTINGS_MODULE = pathToFileURL(join(REPO_ROOT, 'dist', 'ledger', 'settings.js')).href;

// Each writer is a separate process running the built capture path, as parallel hook processes do. A real
// hook process appends once and exits; the short random pause between appends keeps a writer from re-taking
// the lock the instant it released it, which no hook does and which would only measure lock starvation.
const WRITER = `
const { captureFriction } = await import(${JSON.stringify(CAPTURE_MODULE)});
const { resolveLedgerSettings } = await import(${JSON.stringify(SETTINGS_MODULE)});
// Resolved once at the process's edge, as the hook does.
const settings = resolveLedgerSettings(process.env);
const writer = process.argv[1];
const pause = new Int32Array(new SharedArrayBuffer(4));
const appends = Number(process.argv[2]);
for (let seq = 0; seq < appends; seq++) {
  const input = JSON.stringify({
    session_id: 'writer-' + writer,
    hook_event_name: 'PostToolUseFailure',
    tool_name: 'Bash',
    tool_input: { file_path: 'seq-' + String(seq).padStart(3, '0'), command: 'x'.repeat(seq % 7 * 40) },
  });
  const result = await captureFriction(input, { settings, cwd: process.cwd() });
  if (result.status !== 'written') { console.error(JSON.stringify(result)); process.exit(1); }
  Atomics.wait(pause, 0, 0, 1 + Math.random() * 2);
}
`;

function runWriters(env: NodeJS.ProcessEnv, appends: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: PROCESSES },
      (_, writer) =>
        new Promise<number>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--input-type=module', '-e', WRITER, String(writer), String(appends)],
            {
              env: { ...process.env, ...env },
              stdio: ['ignore', 'ignore', 'inherit'],
            },
          );
          child.on('error', reject);
          child.on('close', (code) => resolve(code ?? -1));
        }),
    ),
  );
}

interface Row {
  session_id: string;
  path: string;
}

function parseLedger(path: string): Row[] {
  const text = readFileSync(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const row = JSON.parse(line) as Row; // a torn or interleaved row would throw here
      expect(Object.keys(row)).toEqual(['ts', 'session_id', 'event', 'tool', 'path']);
      return row;
    });
}

// 8 processes x 200 fsync-bound appends take ~18 s on an idle 2-core machine; a loaded one needs headroom.
describe(`friction ledger under ${PROCESSES} concurrent writers`, {
  timeout: 120_000,
  tags: ['race'],
}, () => {
  it(`loses and tears no row when the caps are not reached (x ${UNCAPPED_APPENDS} appends)`, async () => {
    const ledger = join(tempDir('retrospect-concurrent-'), 'friction.jsonl');
    expect(await runWriters({ FRICTION_LEDGER: ledger }, UNCAPPED_APPENDS)).toEqual(Array(PROCESSES).fill(0));
    const rows = parseLedger(ledger);
    expect(rows).toHaveLength(PROCESSES * UNCAPPED_APPENDS);
    for (let writer = 0; writer < PROCESSES; writer++) {
      const mine = rows.filter((r) => r.session_id === `writer-${writer}`).map((r) => r.path);
      // Each writer's rows appear once each, in the order it appended them.
      expect(mine).toEqual(
        Array.from({ length: UNCAPPED_APPENDS }, (_, seq) => `seq-${String(seq).padStart(3, '0')}`),
      );
    }
  });

  it(`keeps both small caps while rotating, dropping only the oldest rows (x ${APPENDS} appends)`, async () => {
    const ledger = join(tempDir('retrospect-concurrent-'), 'friction.jsonl');
    const caps = { FRICTION_LEDGER_MAX_LINES: '150', FRICTION_LEDGER_MAX_BYTES: '12000' };
    expect(await runWriters({ FRICTION_LEDGER: ledger, ...caps }, APPENDS)).toEqual(Array(PROCESSES).fill(0));
    const rows = parseLedger(ledger);
    expect(rows.length).toBeLessThanOrEqual(150);
    expect(readFileSync(ledger).length).toBeLessThanOrEqual(12000);
    // Rows are ~115 bytes, so the byte cap binds first; a full ledger is within one row of it.
    expect(readFileSync(ledger).length).toBeGreaterThan(12000 - 200);
    let newestSeen = 0;
    for (let writer = 0; writer < PROCESSES; writer++) {
      const seqs = rows
        .filter((r) => r.session_id === `writer-${writer}`)
        .map((r) => Number(r.path.slice(4)));
      if (seqs.length === 0) continue;
      // Rotation drops the oldest rows, so what is left of each writer is the tail of what it wrote.
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => APPENDS - seqs.length + i));
      if (seqs.at(-1) === APPENDS - 1) newestSeen += 1;
    }
    expect(newestSeen).toBeGreaterThan(0);
  });
});
