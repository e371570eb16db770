#!/usr/bin/env node
// Rebuilds the evaluation corpus of bench/eval-gate.mjs from the sources listed in eval/gate-labels.jsonl:
// each labelled session is one file at one commit of a public repository. Give a folder holding a bare
// clone of each repository, named `<owner>+<name>` (or `<owner>+<name>/repo`), for example made with
//   git clone --bare https://github.com/<owner>/<name> MIRRORS/<owner>+<name>
// The transcripts are written as OUT/<session>.jsonl; nothing is copied into this repository.
// usage: eval-corpus.mjs --mirrors DIR --out DIR [--labels FILE]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    mirrors: { type: 'string' },
    out: { type: 'string' },
    labels: { type: 'string', default: join(here, '..', 'eval', 'gate-labels.jsonl') },
  },
});
if (!values.mirrors || !values.out) {
  console.error('usage: eval-corpus.mjs --mirrors DIR --out DIR [--labels FILE]');
  process.exit(2);
}
mkdirSync(values.out, { recursive: true });
let written = 0;
const missing = new Set();
for (const line of readFileSync(values.labels, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const entry = JSON.parse(line);
  const base = join(values.mirrors, entry.repo.replace('/', '+'));
  const gitDir = existsSync(join(base, 'repo')) ? join(base, 'repo') : base;
  const show = spawnSync('git', ['--git-dir', gitDir, 'show', `${entry.commit}:${entry.path}`], {
    maxBuffer: 1 << 30,
  });
  if (show.status !== 0) {
    missing.add(entry.repo);
    continue;
  }
  writeFileSync(join(values.out, `${entry.session}.jsonl`), show.stdout);
  written++;
}
console.log(`${written} transcripts written to ${values.out}`);
if (missing.size > 0) console.error(`not found (clone these first): ${[...missing].sort().join(', ')}`);
