#!/usr/bin/env node
// Tasks from real sessions: for every source of eval/walk-truth.json (public repositories that commit their
// Claude Code transcripts beside their code) it clones the repository snapshot, takes the committed
// transcripts, and builds tasks from them (experiment tasks --any-folder: the sessions were recorded on
// their owners' machines). Prints per source how many sessions became tasks, why the rest were left out,
// and, for a source with one transcript, the commit found against the start of the walk's labelled range.
// usage: node bench/experiment-tasks.mjs --mirrors DIR   (DIR/<owner>+<name>/repo: bare snapshots)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const at = process.argv.indexOf('--mirrors');
if (at === -1) throw new Error('usage: node bench/experiment-tasks.mjs --mirrors DIR');
const mirrors = process.argv[at + 1];
const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
const { tasksFromSessions } = await load('../src/experiment/tasks-from-sessions.ts');
const truth = JSON.parse(readFileSync(new URL('../eval/walk-truth.json', import.meta.url), 'utf8'));
const git = (cwd, args) =>
  execFileSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
const tmp = mkdtempSync(join(tmpdir(), 'retrospect-bench-experiment-tasks-'));
const totals = { sessions: 0, tasks: 0, reasons: {} };
for (const source of truth.sources) {
  const clone = join(tmp, source.id);
  execFileSync('git', [
    'clone',
    '-q',
    '--no-checkout',
    join(mirrors, source.repository.replace('/', '+'), 'repo'),
    clone,
  ]);
  git(clone, ['update-ref', '--no-deref', 'HEAD', git(clone, ['rev-parse', source.snapshot]).trim()]);
  const files = [];
  for (const t of source.transcripts) {
    const paths = t.path.endsWith('/')
      ? git(clone, ['ls-tree', '-r', '--name-only', t.commit, '--', t.path])
          .split('\n')
          .filter((p) => p.endsWith('.jsonl'))
      : [t.path];
    for (const path of paths) {
      const file = join(tmp, `${source.id}-${files.length}.jsonl`);
      try {
        writeFileSync(file, git(clone, ['show', `${t.commit}:${path}`]));
        files.push(file);
      } catch {
        // A blob the snapshot lacks.
      }
    }
  }
  const built = tasksFromSessions(files, clone, {}, { anyFolder: true });
  const reasons = {};
  for (const left of built.leftOut) {
    const reason = left.reason
      .replace(/ \(.*$/, '')
      .replace(/ of \S+ before its start.*/, ' before its start')
      .replace(/ran in .*/, 'ran elsewhere');
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    totals.reasons[reason] = (totals.reasons[reason] ?? 0) + 1;
  }
  totals.sessions += files.length;
  totals.tasks += built.tasks.length;
  let versus = '';
  if (files.length === 1) {
    const single = source.ranges.find((r) => !r.includes('..'));
    let expected = null;
    try {
      expected = git(clone, ['rev-parse', single ? `${single}^` : source.ranges[0].split('..')[0]])
        .trim()
        .slice(0, 7);
    } catch {
      expected = 'none (the range starts at the root)';
    }
    const got = built.tasks[0]
      ? `${built.tasks[0].rev.slice(0, 7)} (${built.tasks[0].from.start})`
      : 'left out';
    versus = `; range start ${expected}, found ${got}`;
  }
  const how = {};
  for (const task of built.tasks) how[task.from.start] = (how[task.from.start] ?? 0) + 1;
  console.log(
    `${source.id}: ${files.length} sessions, ${built.tasks.length} tasks ${JSON.stringify(how)}; left out: ${JSON.stringify(reasons)}${versus}`,
  );
}
console.log(
  `all: ${totals.sessions} sessions, ${totals.tasks} tasks; left out: ${JSON.stringify(totals.reasons)}`,
);
rmSync(tmp, { recursive: true, force: true });
