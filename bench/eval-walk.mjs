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
// Survival: every walk measures, for each linked hunk, how many of its added lines `git blame -C -M -w` still
// gives to its commit at HEAD; each unit's figure is re-counted here from a plain `git blame --porcelain` of
// the same files, and the two must agree.
//
// usage: node bench/eval-walk.mjs --repos DIR [--truth eval/walk-truth.json] [--predicted FILE] [--json OUT]
//   DIR/<source id> is a clone of the source's repository (git clone https://github.com/<repository> DIR/<id>).
//   --predicted scores a list of {source, commit, path, header, session_id} instead of running the walk.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
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

const survivalChecks = {
  units: 0,
  agree: 0,
  added: 0,
  alive: 0,
  hunks: { kept: 0, changed: 0, reverted: 0 },
};

/** The new-side numbers of the hunk's added lines, read from `git show -M` of its commit. */
function addedLineNumbers(clone, hunk) {
  const patch = git(clone, [
    'show',
    '-M',
    '--format=',
    '--no-color',
    '--no-ext-diff',
    hunk.commit,
    '--',
    hunk.path,
  ])
    .toString('utf8')
    .split('\n');
  const numbers = [];
  let line;
  for (const text of patch) {
    if (text.startsWith('@@')) {
      line = text.startsWith(hunk.header) ? Number(/\+(\d+)/.exec(text)[1]) : undefined;
      continue;
    }
    if (line === undefined || text.startsWith('\\')) continue;
    if (text.startsWith('+')) numbers.push(line++);
    else if (!text.startsWith('-')) line++;
  }
  return numbers;
}

/**
 * The hunk's added lines alive at `at`: those `git blame -C -M -w at` gives to the hunk's commit, and those
 * `git blame -w --reverse commit..at` shows standing at `at` (forward blame's move detection can give an
 * unchanged line to an older commit holding the same text).
 */
function blameCount(clone, at, hunk, cache) {
  const key = `${hunk.commit}\0${hunk.path}`;
  if (!cache.has(key)) {
    // The file's name at `at`: renames after the hunk's commit, read from git log -M oldest first.
    let name = hunk.path;
    const moves = git(clone, [
      'log',
      '--reverse',
      '-M',
      '--name-status',
      '--format=',
      `${hunk.commit}..${at}`,
      '--',
    ])
      .toString('utf8')
      .split('\n');
    for (const move of moves) {
      const [status = '', from, to] = move.split('\t');
      if (status.startsWith('R') && from === name && to) name = to;
    }
    const names = [name];
    // A file no later commit changed holds the hunk's lines as its commit left them: all alive (a blame
    // there could trace lines git's copy detection finds in an older file to that file's commit).
    const later = git(clone, ['log', '--format=%H', `${hunk.commit}..${at}`, '--', hunk.path, name]).toString(
      'utf8',
    );
    if (later.trim() === '') {
      cache.set(key, null);
      return hunk.added_lines;
    }
    let out = '';
    try {
      out = git(clone, ['blame', '--porcelain', '-C', '-M', '-w', at, '--', names[0] ?? hunk.path]).toString(
        'utf8',
      );
    } catch {
      // Deleted at `at`: nothing alive.
    }
    cache.set(key, out);
  }
  const blamed = cache.get(key);
  if (blamed === null) return hunk.added_lines;
  const added = addedLineNumbers(clone, hunk);
  const alive = new Set();
  let current;
  const names = new Map();
  for (const line of blamed.split('\n')) {
    const header = /^([0-9a-f]{40}) (\d+) \d+/.exec(line);
    if (header) current = { sha: header[1], line: Number(header[2]) };
    else if (line.startsWith('filename ') && current) names.set(current.sha, line.slice(9));
    else if (line.startsWith('\t') && current) {
      if (current.sha === hunk.commit && names.get(current.sha) === hunk.path && added.includes(current.line))
        alive.add(current.line);
      current = undefined;
    }
  }
  if (alive.size < added.length) {
    const atSha = git(clone, ['rev-parse', at]).toString('utf8').trim();
    const ranges = added.flatMap((n) => ['-L', `${n},${n}`]);
    const reverse = git(clone, [
      'blame',
      '--porcelain',
      '-w',
      '--reverse',
      `${hunk.commit}..${at}`,
      ...ranges,
      '--',
      hunk.path,
    ]);
    for (const line of reverse.toString('utf8').split('\n')) {
      const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
      if (header && header[1] === atSha) alive.add(Number(header[2]));
    }
  }
  return Math.min(alive.size, hunk.added_lines);
}

/** Re-counts each unit's survival with plain git blame and reports any disagreement. */
function checkSurvival(clone, id, range, document) {
  if (!document.survival) return;
  const cache = new Map();
  for (const unit of document.change_units) {
    if (!unit.survival) continue;
    const hunks = (unit.hunks ?? []).filter((h) => h.fate);
    const alive = hunks.reduce((n, h) => n + blameCount(clone, unit.survival.at, h, cache), 0);
    const added = hunks.reduce((n, h) => n + h.added_lines, 0);
    survivalChecks.units++;
    if (alive === unit.survival.alive && added === unit.survival.added) survivalChecks.agree++;
    else
      console.log(
        `  survival differs: ${id} ${range} ${unit.change_unit_id}: walk ${unit.survival.alive}/${unit.survival.added}, git blame ${alive}/${added} (${[...new Set(hunks.map((h) => h.path))].slice(0, 4).join(', ')})`,
      );
    for (const h of hunks) survivalChecks.hunks[h.fate.state]++;
  }
  survivalChecks.added += document.survival.added;
  survivalChecks.alive += document.survival.alive;
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
      // A folder's transcripts keep their own names (a Codex rollout is found by its `rollout-…` name).
      const file = join(sessions, t.path.endsWith('/') ? basename(path) : path.replace(/[^\w.-]/g, '_'));
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
    checkSurvival(clone, source.id, range, document);
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
if (survivalChecks.units > 0)
  console.log(
    `${'survival at HEAD'.padEnd(26)} units ${survivalChecks.units}, agreeing with plain git blame ${survivalChecks.agree}; ${survivalChecks.alive} of ${survivalChecks.added} linked lines alive; hunks kept ${survivalChecks.hunks.kept}, changed ${survivalChecks.hunks.changed}, reverted ${survivalChecks.hunks.reverted}`,
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
    `${JSON.stringify({ recall, precision, totals, commands, survival: survivalChecks, sources: rows, predicted }, null, 2)}\n`,
  );
}
