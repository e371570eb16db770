#!/usr/bin/env node
// `retrospect walk` on ranges built to hurt: a range of many commits (100k by default, made with git
// fast-import), and one commit that adds a large binary file and a large one-line text file. Prints wall
// time and peak RSS of the whole command (git included) and the walk's notes about what it bounded.
// usage: node bench/walk-bounds.mjs [--commits 100000] [--binary-mb 200] [--text-mb 100] [--keep]
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/cli.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repoRoot, 'bin', 'retrospect.js');
const args = parseFlags();
const COMMITS = Number(args.commits ?? 100_000);
const BINARY_MB = Number(args['binary-mb'] ?? 200);
const TEXT_MB = Number(args['text-mb'] ?? 100);
const work = mkdtempSync(join(tmpdir(), 'retrospect-walk-bounds-'));
const HAS_TIME = existsSync('/usr/bin/time');
const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Ada',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
};

/** A repository of `count` small commits, written as one fast-import stream (a file, not held). */
function manyCommits(count) {
  const repo = join(work, 'many');
  execFileSync('git', ['init', '-q', repo]);
  const stream = join(work, 'many.fi');
  const fd = openSync(stream, 'w');
  for (let i = 1; i <= count; i++) {
    const message = `change ${i}\n`;
    const content = `line ${i}\n`;
    writeSync(
      fd,
      `commit refs/heads/main\ncommitter Ada <ada@example.com> ${1_700_000_000 + i} +0000\ndata ${message.length}\n${message}M 644 inline f${i % 100}.txt\ndata ${content.length}\n${content}\n`,
    );
  }
  closeSync(fd);
  execFileSync('sh', ['-c', `git fast-import --quiet < ${JSON.stringify(stream)}`], { cwd: repo });
  execFileSync('git', ['checkout', '-q', 'main'], { cwd: repo });
  return { repo, range: 'HEAD~' + (count - 1) + '..HEAD' };
}

/** A repository whose last commit adds a binary file and a one-line text file, each of many MB. */
function bigFiles() {
  const repo = join(work, 'big');
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', 'start'], { cwd: repo, env: gitEnv });
  const write = (name, mb, piece) => {
    const fd = openSync(join(repo, name), 'w');
    const block = Buffer.alloc(1 << 20, piece);
    for (let w = 0; w < mb * 1e6; w += block.length) writeSync(fd, block);
    closeSync(fd);
  };
  write('blob.bin', BINARY_MB, '\u0000\u0001binary');
  write('one-line.txt', TEXT_MB, 'word ');
  execFileSync('git', ['add', '.'], { cwd: repo });
  execFileSync('git', ['commit', '-q', '-m', 'add large files'], { cwd: repo, env: gitEnv });
  return { repo, range: 'HEAD~1..HEAD' };
}

function walk({ repo, range }) {
  const out = join(work, 'walk.json');
  const argv = [bin, 'walk', range, '--json', out, '--md', join(work, 'walk.md')];
  const [file, fileArgs] = HAS_TIME
    ? ['/usr/bin/time', ['-f', '%M', process.execPath, ...argv]]
    : [process.execPath, argv];
  const started = performance.now();
  const run = spawnSync(file, fileArgs, {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, RETROSPECT_DATA_DIR: join(work, 'data') },
    maxBuffer: 1 << 26,
  });
  const seconds = (performance.now() - started) / 1000;
  const lines = run.stderr.trim().split('\n');
  const rssMb = HAS_TIME ? Number(lines.pop()) / 1024 : Number.NaN;
  let notes = [];
  try {
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    notes = (doc.notes ?? doc.evidence?.notes ?? []).filter((n) => /not|cut|binary|first|last/i.test(n));
  } catch {
    notes = [`(no walk document: ${lines.slice(-2).join(' ')})`];
  }
  return { seconds, rssMb, status: run.status, notes };
}

for (const [label, make] of [
  [`${COMMITS} commits`, () => manyCommits(COMMITS)],
  [`${BINARY_MB} MB binary + ${TEXT_MB} MB one-line text`, bigFiles],
]) {
  const t0 = performance.now();
  const target = make();
  const built = (performance.now() - t0) / 1000;
  const r = walk(target);
  console.log(
    `${label.padEnd(40)} built in ${built.toFixed(1)} s; walk ${r.seconds.toFixed(2)} s, peak RSS ${r.rssMb.toFixed(0)} MB, exit ${r.status}`,
  );
  for (const note of r.notes.slice(0, 4)) console.log(`  note: ${note.slice(0, 160)}`);
}
if (!args.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
