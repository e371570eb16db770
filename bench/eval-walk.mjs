#!/usr/bin/env node
// Measures how well `retrospect walk` links hunks to the coding-agent sessions that wrote them, against the
// hand-labelled truth in eval/walk-truth.json (real public repositories that commit their Claude Code
// transcripts; see that file's sources). For every source it extracts the committed transcripts from a clone
// into a temporary folder, walks each labelled range through the built CLI with `--json - --sessions FILE`,
// and compares `change_units[].hunks[]` with the labels, hunk by hunk (commit, path, header).
//
// recall    = hunks labelled `session` that the walk linked to that session / hunks labelled `session`
// precision = links to the labelled session / hunks the walk linked to any session (labels session or none)
// Hunks labelled `mixed` (a session wrote part of them) are listed in the truth but left out of both figures.
// Hunks whose label carries `via: "command"` (a shell command the session ran wrote them: a generator, an
// installer, a redirect) are also scored on their own, with whether the walk marked them `via: "command"`.
//
// usage: node bench/eval-walk.mjs --repos DIR [--truth eval/walk-truth.json] [--predicted FILE] [--json OUT]
//   DIR/<source id> is a clone of the source's repository (git clone https://github.com/<repository> DIR/<id>).
//   --predicted scores a list of {source, commit, path, header, session_id} instead of running the walk.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({
  options: {
    repos: { type: 'string' },
    truth: { type: 'string', default: join(root, 'eval', 'walk-truth.json') },
    predicted: { type: 'string' },
    json: { type: 'string' },
  },
});
if (!values.repos && !values.predicted) {
  console.error('usage: node bench/eval-walk.mjs --repos DIR [--truth FILE] [--predicted FILE] [--json OUT]');
  process.exit(2);
}

const truth = JSON.parse(readFileSync(values.truth, 'utf8'));
const key = (h) => `${h.source}\0${h.commit}\0${h.path}\0${h.header}`;

function git(cwd, args) {
  return execFileSync('git', ['-C', cwd, ...args], {
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/** Walks every range of one source and returns its hunks as {source, commit, path, header, session_id, share}. */
function walkSource(source) {
  const clone = join(resolve(values.repos), source.id);
  const sessions = mkdtempSync(join(tmpdir(), `eval-walk-${source.id}-`));
  const files = [];
  for (const t of source.transcripts) {
    // A path ending in `/` names a folder of transcripts; a blob the clone lacks is passed over.
    const paths = t.path.endsWith('/')
      ? git(clone, ['ls-tree', '-r', '--name-only', t.commit, '--', t.path])
          .toString('utf8')
          .split('\n')
          .filter((p) => p.endsWith('.jsonl'))
      : [t.path];
    for (const path of paths) {
      const file = join(sessions, path.replace(/[^\w.-]/g, '_'));
      try {
        writeFileSync(file, git(clone, ['show', `${t.commit}:${path}`]));
        files.push(file);
      } catch {
        console.error(`${source.id}: ${t.commit}:${path} is not in the clone; left out`);
      }
    }
  }
  const data = mkdtempSync(join(tmpdir(), 'eval-walk-data-'));
  const hunks = [];
  for (const range of source.ranges) {
    const args = [join(root, 'bin', 'retrospect.js'), 'walk', range, '--json', '-', '--mode', 'summary-only'];
    // One transcript is passed as a file, several as their folder (both forms of --sessions).
    args.push('--sessions', files.length === 1 ? (files[0] ?? '') : sessions);
    const env = { ...process.env, RETROSPECT_DATA_DIR: data, CLAUDE_CONFIG_DIR: join(data, 'none') };
    const run = spawnSync(process.execPath, args, { cwd: clone, env, maxBuffer: 1 << 30, encoding: 'utf8' });
    if (run.status !== 0)
      throw new Error(`walk ${range} in ${source.id} failed (${run.status}): ${run.stderr}`);
    const document = JSON.parse(run.stdout);
    for (const unit of document.change_units)
      for (const h of unit.hunks ?? []) hunks.push({ source: source.id, ...h });
  }
  rmSync(sessions, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
  return hunks;
}

const predicted = values.predicted
  ? JSON.parse(readFileSync(values.predicted, 'utf8'))
  : truth.sources.flatMap(walkSource);
const byKey = new Map(predicted.map((h) => [key(h), h]));

const rows = [];
const totals = { session: 0, found: 0, linked: 0, right: 0, missing: 0 };
const commands = { labelled: 0, found: 0, marked: 0 };
const problems = [];
for (const source of truth.sources) {
  const own = { session: 0, found: 0, linked: 0, right: 0, missing: 0 };
  for (const label of truth.hunks.filter((h) => h.source === source.id && h.label !== 'mixed')) {
    const got = byKey.get(key(label));
    if (!got) own.missing++;
    const linked = got?.session_id ?? null;
    if (label.label === 'session') {
      own.session++;
      if (linked === label.session_id) own.found++;
      else problems.push({ kind: 'missed', label, got });
      if (label.via === 'command') {
        commands.labelled++;
        if (linked === label.session_id) commands.found++;
        if (linked === label.session_id && got?.via === 'command') commands.marked++;
      }
    }
    if (linked !== null) {
      own.linked++;
      if (linked === label.session_id) own.right++;
      else problems.push({ kind: 'wrong link', label, got });
    }
  }
  for (const k of Object.keys(totals)) totals[k] += own[k];
  rows.push({ source: source.id, repository: source.repository, ...own });
}

const ratio = (a, b) => (b === 0 ? 1 : a / b);
const fmt = (x) => x.toFixed(3);
for (const r of rows) {
  console.log(
    `${r.source.padEnd(26)} session hunks ${String(r.session).padStart(3)}  recall ${fmt(ratio(r.found, r.session))}  links ${String(r.linked).padStart(3)}  precision ${fmt(ratio(r.right, r.linked))}${r.missing ? `  (${r.missing} labelled hunks not in the output)` : ''}`,
  );
}
const recall = ratio(totals.found, totals.session);
const precision = ratio(totals.right, totals.linked);
console.log(
  `${'all'.padEnd(26)} session hunks ${String(totals.session).padStart(3)}  recall ${fmt(recall)}  links ${String(totals.linked).padStart(3)}  precision ${fmt(precision)}`,
);
console.log(
  `${'command-written'.padEnd(26)} session hunks ${String(commands.labelled).padStart(3)}  recall ${fmt(ratio(commands.found, commands.labelled))}  marked via command ${commands.marked}`,
);
for (const p of problems) {
  const { label, got } = p;
  console.log(
    `  ${p.kind}: ${label.source} ${label.commit.slice(0, 7)} ${label.path} ${label.header} (labelled ${label.label}; walk: ${got ? `${got.session_id ?? 'none'}, share ${got.share ?? '-'}` : 'hunk not found'})`,
  );
}
if (values.json) {
  mkdirSync(dirname(resolve(values.json)), { recursive: true });
  writeFileSync(
    values.json,
    `${JSON.stringify({ recall, precision, totals, commands, sources: rows, predicted }, null, 2)}\n`,
  );
}
