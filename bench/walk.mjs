#!/usr/bin/env node
// Benchmark of `retrospect walk` over a long commit range: builds a repository with COMMITS commits and about
// LINES changed lines (git fast-import, deterministic content), plus coding-agent sessions whose Write calls
// wrote some of those files, then times the walk (wall clock, peak RSS) through the built CLI entry.
// usage: node bench/walk.mjs [--commits 1000] [--lines 50000] [--runs 3] [--keep]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => {
    if (a.startsWith('--'))
      acc.push([a.slice(2), all[i + 1]?.startsWith('--') ? true : (all[i + 1] ?? true)]);
    return acc;
  }, []),
);
const COMMITS = Number(args.commits ?? 1000);
const LINES = Number(args.lines ?? 50_000);
const RUNS = Number(args.runs ?? 3);

let seed = 7;
function rnd() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const WORDS =
  'order cart price total user session cache token queue retry invoice account report render parse'.split(
    ' ',
  );
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const codeLine = (i) =>
  `  const ${pick(WORDS)}_${i} = ${pick(WORDS)}(${pick(WORDS)}, ${Math.floor(rnd() * 1000)});`;

function buildRepo(dir) {
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
  const dirs = [
    'src/orders',
    'src/cart',
    'src/users',
    'src/billing',
    'test',
    'docs',
    'config',
    'db/migrations',
  ];
  const files = new Map();
  const perCommit = Math.max(1, Math.round(LINES / COMMITS));
  const chunks = [];
  const sessionWrites = [];
  let changed = 0;
  let lineNo = 0;
  const start = Date.UTC(2026, 9, 1, 9, 0, 0) / 1000;
  for (let c = 0; c < COMMITS; c++) {
    const touched = 1 + Math.floor(rnd() * 3);
    const ops = [];
    let budget = perCommit;
    for (let k = 0; k < touched; k++) {
      const dir = pick(dirs);
      const ext =
        dir === 'docs'
          ? 'md'
          : dir === 'config'
            ? 'yaml'
            : dir.startsWith('db')
              ? 'sql'
              : dir === 'test'
                ? 'test.ts'
                : 'ts';
      const path = `${dir}/${pick(WORDS)}_${Math.floor(rnd() * 40)}.${ext}`;
      const lines = files.get(path) ?? [];
      const share = k === touched - 1 ? budget : Math.floor(budget / 2);
      budget -= share;
      // Mostly additions, some in-place rewrites: each rewritten line counts as one deletion and one addition.
      const rewrites = Math.min(lines.length, Math.floor(share * 0.2));
      for (let r = 0; r < rewrites; r++) lines[Math.floor(rnd() * lines.length)] = codeLine(lineNo++);
      const fresh = [];
      for (let a = rewrites; a < share; a++) fresh.push(codeLine(lineNo++));
      lines.splice(Math.floor(rnd() * (lines.length + 1)), 0, ...fresh);
      files.set(path, lines);
      changed += share + rewrites;
      const content = `${lines.join('\n')}\n`;
      ops.push(`M 100644 inline ${path}\ndata ${Buffer.byteLength(content)}\n${content}\n`);
      if (c % 7 === 0 && k === 0) sessionWrites.push({ path, content, at: start + c * 600 - 60 });
    }
    const when = start + c * 600;
    const message = `${pick(['Add', 'Fix', 'Tidy', 'Speed up'])} ${pick(WORDS)} handling (#${100 + (c % 97)})\n`;
    chunks.push(
      `commit refs/heads/main\nmark :${c + 1}\nauthor Dev ${c % 5} <dev${c % 5}@example.com> ${when} +0000\ncommitter Dev ${c % 5} <dev${c % 5}@example.com> ${when} +0000\ndata ${Buffer.byteLength(message)}\n${message}${c > 0 ? `from :${c}\n` : ''}${ops.join('')}\n`,
    );
  }
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: chunks.join('') });
  execFileSync('git', ['checkout', '-q', 'main'], { cwd: dir });
  return { changed, sessionWrites };
}

function writeSessions(dir, writes) {
  mkdirSync(dir, { recursive: true });
  const perSession = 20;
  for (let s = 0; s * perSession < writes.length; s++) {
    const id = `00000000-0000-4000-8000-${String(s).padStart(12, '0')}`;
    const lines = [
      JSON.stringify({
        type: 'user',
        sessionId: id,
        timestamp: new Date((writes[s * perSession].at - 30) * 1000).toISOString(),
        message: { role: 'user', content: `Please work on batch ${s} of the order flow` },
      }),
    ];
    for (const write of writes.slice(s * perSession, (s + 1) * perSession)) {
      lines.push(
        JSON.stringify({
          type: 'assistant',
          sessionId: id,
          timestamp: new Date(write.at * 1000).toISOString(),
          message: {
            role: 'assistant',
            model: 'claude-sonnet-4-5-20250929',
            content: [
              {
                type: 'tool_use',
                id: `toolu_${s}_${write.at}`,
                name: 'Write',
                input: { file_path: `/home/dev/proj/${write.path}`, content: write.content },
              },
            ],
          },
        }),
      );
    }
    writeFileSync(join(dir, `${id}.jsonl`), `${lines.join('\n')}\n`);
  }
}

const work = mkdtempSync(join(tmpdir(), 'retrospect-bench-walk-'));
const repo = join(work, 'repo');
const sessions = join(work, 'sessions');
const t0 = performance.now();
const { changed, sessionWrites } = buildRepo(repo);
writeSessions(sessions, sessionWrites);
const first = execFileSync('git', ['rev-list', '--max-parents=0', 'HEAD'], {
  cwd: repo,
  encoding: 'utf8',
}).trim();
console.log(
  `built ${COMMITS} commits, ${changed} changed lines, ${sessionWrites.length} agent writes in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const runner = `
const { main } = await import(${JSON.stringify(join(root, 'dist', 'cli', 'main.js'))});
const started = performance.now();
const code = await main(JSON.parse(process.argv[1]));
process.stderr.write('\\n' + JSON.stringify({ code, ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS }) + '\\n');
`;
const results = [];
for (let r = 0; r < RUNS; r++) {
  const out = join(work, `walk-${r}.json`);
  const argv = [
    'walk',
    `${first}..HEAD`,
    '--json',
    out,
    '--md',
    join(work, `walk-${r}.md`),
    '--sessions',
    sessions,
  ];
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', runner, JSON.stringify(argv)], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, RETROSPECT_DATA_DIR: join(work, 'data') },
  });
  const stats = JSON.parse(run.stderr.trim().split('\n').pop());
  if (stats.code !== 0) throw new Error(`walk failed: ${run.stderr}`);
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  results.push({
    ...stats,
    units: doc.change_units.length,
    linked: doc.provenance_context.sessions.reduce((n, s) => n + s.linked_hunks, 0),
  });
}
const ms = results.map((r) => r.ms).sort((a, b) => a - b);
const same = results.every(
  (r) =>
    JSON.stringify(JSON.parse(readFileSync(join(work, 'walk-0.json'), 'utf8')).change_units) ===
    JSON.stringify(
      JSON.parse(readFileSync(join(work, `walk-${results.indexOf(r)}.json`), 'utf8')).change_units,
    ),
);
console.log(
  `walk ${COMMITS - 1} commits: median ${(ms[Math.floor(ms.length / 2)] / 1000).toFixed(2)} s (min ${(ms[0] / 1000).toFixed(2)} s), peak RSS ${Math.max(...results.map((r) => r.maxRssKb / 1024)).toFixed(0)} MB, ${results[0].units} units, ${results[0].linked} hunks linked to agent sessions, units identical across runs: ${same}`,
);
if (!args.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
