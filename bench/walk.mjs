#!/usr/bin/env node
// Benchmark of `retrospect walk` over a long commit range: builds a repository with COMMITS commits and about
// LINES changed lines (git fast-import, deterministic content), plus coding-agent sessions whose Write calls
// wrote some of those files, then times the walk (wall clock, CPU time of the walk and of the git processes
// it ran, peak RSS) through the built CLI entry: the walk without survival (`--no-survival`, the walk as it
// was before survival) and with it (fates at HEAD), interleaved run by run so that a loaded machine slows
// both alike; medians are compared.
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

// CPU time counts the git processes too: they are reaped children, in /proc/self/stat's cutime and cstime.
const runner = `
import { readFileSync } from 'node:fs';
const { main } = await import(${JSON.stringify(join(root, 'dist', 'cli', 'main.js'))});
const started = performance.now();
const code = await main(JSON.parse(process.argv[1]));
const usage = process.resourceUsage();
let childMs = 0;
try {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  childMs = (Number(fields[13]) + Number(fields[14])) * 10;
} catch {}
const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000 + childMs;
process.stderr.write('\\n' + JSON.stringify({ code, ms: performance.now() - started, cpuMs, maxRssKb: usage.maxRSS }) + '\\n');
`;
const VARIANTS = { without: ['--no-survival'], with: [] };
const results = { without: [], with: [] };
for (let r = 0; r < RUNS; r++) {
  for (const [variant, extra] of Object.entries(VARIANTS)) {
    const out = join(work, `walk-${variant}-${r}.json`);
    const argv = [
      'walk',
      `${first}..HEAD`,
      '--json',
      out,
      '--md',
      join(work, `walk-${variant}-${r}.md`),
      '--sessions',
      sessions,
      ...extra,
    ];
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', runner, JSON.stringify(argv)], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, RETROSPECT_DATA_DIR: join(work, 'data') },
    });
    const stats = JSON.parse(run.stderr.trim().split('\n').pop());
    if (stats.code !== 0) throw new Error(`walk failed: ${run.stderr}`);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    const fates = doc.change_units.flatMap((u) => u.hunks ?? []).filter((h) => h.fate);
    results[variant].push({
      ...stats,
      units: JSON.stringify(doc.change_units),
      unitCount: doc.change_units.length,
      linked: doc.provenance_context.sessions.reduce((n, s) => n + s.linked_hunks, 0),
      blames: doc.provenance_context.commands.filter((c) => c.command.includes(' blame ')).length,
      fates: fates.length,
      survival: doc.survival,
    });
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = {};
for (const [variant, runs] of Object.entries(results)) {
  const same = runs.every((r) => r.units === runs[0].units);
  summary[variant] = { wall: median(runs.map((r) => r.ms)), cpu: median(runs.map((r) => r.cpuMs)) };
  const first = runs[0];
  console.log(
    `walk ${COMMITS - 1} commits, ${variant} survival: median ${(summary[variant].wall / 1000).toFixed(2)} s wall (runs ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')}), ${(summary[variant].cpu / 1000).toFixed(2)} s CPU with git, peak RSS ${Math.max(...runs.map((r) => r.maxRssKb / 1024)).toFixed(0)} MB, ${first.unitCount} units, ${first.linked} hunks linked${variant === 'with' ? `, ${first.fates} fates from ${first.blames} blame calls, ${first.survival?.alive} of ${first.survival?.added} lines alive` : ''}, units identical across runs: ${same}`,
  );
}
console.log(
  `survival costs x${(summary.with.wall / summary.without.wall).toFixed(2)} wall, x${(summary.with.cpu / summary.without.cpu).toFixed(2)} CPU (medians of ${RUNS} interleaved runs each)`,
);
if (!args.keep) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
