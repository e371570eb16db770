#!/usr/bin/env node
// Reads other agents' real sessions and says, per host, how many were found, read without an error, and
// what their transcripts counted. Each folder given is a home as an agent lays it out (`.codex/`,
// `.gemini/`, `.local/share/opencode/`, `.copilot/`), such as the files a public repository committed;
// the sources used for docs/hosts.md are listed in eval/hosts-sources.tsv (repository, commit, path).
// Runs the built CLI's plain `scan --json` on each folder with an empty home and a fresh store, so that
// nothing but the given folder is read. Needs `npm run build` first.
//
// usage: node bench/eval-hosts.mjs DIR... [--json OUT]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'retrospect.js');
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const dirs = args.filter((a, i) => a !== '--json' && args[i - 1] !== '--json');
if (dirs.length === 0) {
  console.error('usage: node bench/eval-hosts.mjs DIR... [--json OUT]');
  process.exit(2);
}

const totals = new Map();
const unknown = [];
for (const dir of dirs) {
  const home = mkdtempSync(join(tmpdir(), 'retrospect-eval-hosts-'));
  const run = spawnSync(process.execPath, [BIN, 'scan', '--json', '--include-own', dir], {
    env: { ...process.env, HOME: home, RETROSPECT_DATA_DIR: join(home, 'data'), NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  rmSync(home, { recursive: true, force: true });
  if (run.status !== 0) {
    console.error(`${dir}: scan exited ${run.status}: ${run.stderr.trim()}`);
    process.exitCode = 1;
    continue;
  }
  const skipped = /skipped (\d+) files? in a format no reader knows/.exec(run.stderr);
  if (skipped) unknown.push({ dir, files: Number(skipped[1]) });
  for (const line of run.stdout.split('\n')) {
    if (line.trim() === '') continue;
    const r = JSON.parse(line);
    const t = totals.get(r.host) ?? {
      sessions: 0,
      errors: 0,
      human: 0,
      assistant: 0,
      toolErrors: 0,
      flagged: 0,
    };
    t.sessions += 1;
    if (r.verdict?.error) t.errors += 1;
    if (r.passed) t.flagged += 1;
    t.human += r.turns?.human ?? 0;
    t.assistant += r.turns?.assistant ?? 0;
    t.toolErrors += r.turns?.tool_errors ?? 0;
    totals.set(r.host, t);
  }
}

console.log('host         sessions  read-errors  typed-turns  assistant  failed-tools  flagged');
for (const [host, t] of [...totals].sort()) {
  console.log(
    `${host.padEnd(12)} ${String(t.sessions).padStart(8)}  ${String(t.errors).padStart(11)}  ${String(t.human).padStart(11)}  ${String(t.assistant).padStart(9)}  ${String(t.toolErrors).padStart(12)}  ${String(t.flagged).padStart(7)}`,
  );
}
for (const u of unknown) console.log(`${u.dir}: ${u.files} file(s) in a format no reader knows`);
if (jsonOut)
  writeFileSync(jsonOut, `${JSON.stringify({ hosts: Object.fromEntries(totals), unknown }, null, 2)}\n`);
