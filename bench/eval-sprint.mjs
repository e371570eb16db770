#!/usr/bin/env node
// Compares `retrospect sprint report <unit> --json` with the numbers counted by hand in eval/sprint-truth.json.
//
//   node bench/eval-sprint.mjs [--data DIR] [--fetch]
//
// DIR (default: $RETROSPECT_SPRINT_DATA, else eval/data/sprint) holds one checkout per project, in a folder named
// as the project's `name`. --fetch clones a missing project (git, partial clone) and checks out its commit.
// Exits 1 when any number differs. Build first (`npm run build`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dataArg = args.indexOf('--data');
const data = resolve(
  dataArg >= 0 ? args[dataArg + 1] : (process.env.RETROSPECT_SPRINT_DATA ?? join(repo, 'eval/data/sprint')),
);
const fetch = args.includes('--fetch');
const truth = JSON.parse(readFileSync(join(repo, 'eval/sprint-truth.json'), 'utf8'));

function checkout(project) {
  const dir = join(data, project.name);
  if (existsSync(dir)) return dir;
  if (!fetch) return undefined;
  mkdirSync(data, { recursive: true });
  const git = (...a) => execFileSync('git', a, { cwd: dir, stdio: 'ignore' });
  execFileSync(
    'git',
    [
      'clone',
      '--quiet',
      '--filter=blob:none',
      '--no-checkout',
      `https://github.com/${project.repository}.git`,
      dir,
    ],
    { stdio: 'ignore' },
  );
  git('checkout', '--quiet', project.commit);
  return dir;
}

function report(dir, unit) {
  try {
    const out = execFileSync(
      process.execPath,
      [join(repo, 'bin/retrospect.js'), 'sprint', 'report', unit, '--root', dir, '--json'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return JSON.parse(out);
  } catch (error) {
    return {
      error: String(error.stderr || error.message)
        .trim()
        .split('\n')[0],
    };
  }
}

const sameSet = (a = [], b = []) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

function compare(expected, got) {
  const diffs = [];
  const num = (label, e, g) => {
    if (e !== g) diffs.push(`${label}: expected ${JSON.stringify(e)}, got ${JSON.stringify(g)}`);
  };
  for (const k of ['done', 'total', 'pct'])
    num(`completion.${k}`, expected.completion[k], got.completion?.[k]);
  for (const k of ['completed', 'planned', 'pct', 'unit'])
    num(`velocity.${k}`, expected.velocity[k], got.velocity?.[k]);
  if (!sameSet(expected.carryover, got.carryover))
    diffs.push(`carryover: expected ${expected.carryover}, got ${got.carryover}`);
  if (expected.dropped && !sameSet(expected.dropped, got.dropped))
    diffs.push(`dropped: expected ${expected.dropped}, got ${got.dropped}`);
  if (expected.first_pass) {
    for (const k of ['passed', 'reviewed', 'pct'])
      num(`first_pass.${k}`, expected.first_pass[k], got.first_pass?.[k]);
    if (!sameSet(expected.first_pass.unknown, got.first_pass?.unknown))
      diffs.push(
        `first_pass.unknown: expected ${expected.first_pass.unknown}, got ${got.first_pass?.unknown}`,
      );
  }
  return diffs;
}

const pct = (p) => (p === null || p === undefined ? 'n/a' : `${p}%`);
let failed = 0;
let compared = 0;
for (const project of truth.projects) {
  const label = `${project.repository} ${project.unit}`;
  const dir = checkout(project);
  if (!dir) {
    console.log(`SKIP  ${label}: no checkout in ${join(data, project.name)} (run with --fetch)`);
    continue;
  }
  const got = report(dir, project.unit);
  compared += 1;
  if (got.error) {
    failed += 1;
    console.log(`FAIL  ${label}: ${got.error}`);
    continue;
  }
  const e = project.expected;
  const diffs = compare(e, got);
  const fp = e.first_pass
    ? `${got.first_pass.passed}/${got.first_pass.reviewed} (${pct(got.first_pass.pct)})`
    : '-';
  const line = `completion ${got.completion.done}/${got.completion.total}, velocity ${got.velocity.completed}/${got.velocity.planned} ${got.velocity.unit}, carryover ${got.carryover.length}, first pass ${fp}`;
  if (diffs.length === 0) console.log(`OK    ${label}: ${line}`);
  else {
    failed += 1;
    console.log(`FAIL  ${label}: ${line}\n      ${diffs.join('\n      ')}`);
  }
}
console.log(`\n${compared - failed}/${compared} projects match the hand counts`);
process.exit(failed > 0 || compared === 0 ? 1 : 0);
