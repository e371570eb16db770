#!/usr/bin/env node
// Candidate sessions for the rule-quality evaluation, in a content-blind order.
//
// For each repository (a bare git snapshot), every main-session Claude Code transcript
// (`projects/<folder>/<uuid>.jsonl`; sub-agent files left out: no person speaks in them) is taken at the
// newest commit that holds it, its human and assistant turns are counted (bench/lib/transcript.mjs), and
// the sessions with enough of both are listed in the order of sha1(session id), so that which sessions are
// read does not depend on what they contain. With --extract DIR each listed session is written to
// DIR/<session>.jsonl (outside the repository: transcripts are not committed).
//
// usage: node bench/rules-candidates.mjs --mirrors DIR --repos owner/name,owner/name,... [--per-repo N]
//          [--min-human 2] [--min-assistant 10] [--exclude labels.jsonl,...] [--skip-folder REGEX]
//          [--extract DIR] [--json]
//   DIR/<owner>+<name>/repo is the bare snapshot of each repository.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFlags } from './lib/cli.mjs';
import { countTurns } from './lib/transcript.mjs';

const flags = parseFlags();
if (typeof flags.mirrors !== 'string' || typeof flags.repos !== 'string') {
  console.error(
    'usage: node bench/rules-candidates.mjs --mirrors DIR --repos owner/name,... [--per-repo N] [--extract DIR] [--json]',
  );
  process.exit(2);
}
const perRepo = Number(flags['per-repo'] ?? 1000);
const minHuman = Number(flags['min-human'] ?? 2);
const minAssistant = Number(flags['min-assistant'] ?? 10);
// Folders of unattended agents (a multi-agent town's witness, deacon, refinery, polecat workers): no person
// speaks in them. Chosen from the folder name alone, before any session is read.
const skipFolder = typeof flags['skip-folder'] === 'string' ? new RegExp(flags['skip-folder']) : null;
const excluded = new Set();
for (const file of typeof flags.exclude === 'string' ? flags.exclude.split(',') : []) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim()) excluded.add(JSON.parse(line).session);
  }
}

const SESSION_PATH =
  /(^|\/)projects\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;
const git = (gitDir, args) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
const sha1 = (text) => createHash('sha1').update(text).digest('hex');

const picked = [];
const seen = new Set();
for (const repo of flags.repos.split(',').filter(Boolean)) {
  const gitDir = join(flags.mirrors, repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) {
    console.error(`${repo}: no snapshot at ${gitDir}`);
    continue;
  }
  // newest commit holding each path: `git log` lists commits newest first
  const newest = new Map();
  let commit = '';
  for (const line of git(gitDir, ['log', '--all', '--format=@%H', '--name-only', '--diff-filter=AM']).split(
    '\n',
  )) {
    if (line.startsWith('@')) commit = line.slice(1);
    else if (SESSION_PATH.test(line) && !newest.has(line)) newest.set(line, commit);
  }
  const bySession = new Map(); // a session copied into two folders: keep its longest copy
  for (const [path, at] of newest) {
    const session = path.match(SESSION_PATH)[2];
    if (skipFolder?.test(path.split('/').at(-2))) continue;
    if (excluded.has(session) || seen.has(session)) continue;
    let text;
    try {
      text = git(gitDir, ['show', `${at}:${path}`]);
    } catch {
      continue; // stored as a pointer or absent from the snapshot
    }
    const turns = countTurns(text);
    if (turns.human < minHuman || turns.assistant < minAssistant) continue;
    const known = bySession.get(session);
    if (known && known.text.length >= text.length) continue;
    bySession.set(session, { session, repo, path, commit: at, ...turns, order: sha1(session), text });
  }
  const candidates = [...bySession.values()];
  candidates.sort((a, b) => (a.order < b.order ? -1 : 1));
  for (const c of candidates.slice(0, perRepo)) {
    seen.add(c.session);
    picked.push(c);
  }
}

if (typeof flags.extract === 'string') {
  mkdirSync(flags.extract, { recursive: true });
  for (const c of picked) writeFileSync(join(flags.extract, `${c.session}.jsonl`), c.text);
}
const rows = picked.map(({ text, ...rest }) => rest);
if (flags.json) console.log(JSON.stringify(rows, null, 2));
else
  for (const r of rows)
    console.log(
      `${r.session}  ${r.repo.padEnd(40)} human ${String(r.human).padStart(3)}  assistant ${String(r.assistant).padStart(4)}`,
    );
