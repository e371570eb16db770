#!/usr/bin/env node
// What friction costs, measured (docs/cost.md):
// 1. Agreement with ccusage: the same Claude Code files are laid out as CLAUDE_CONFIG_DIR/projects/<folder>/
//    in a temporary folder, ccusage's published package reads them (`ccusage session --json --offline`), and
//    Retrospect's library reads them too; per session the four token kinds must be equal, and the cost is
//    compared (the price tables differ: LiteLLM's snapshot in ccusage, @pydantic/genai-prices here).
// 2. Overhead of the cost columns: the gate alone against the gate plus the usage pass, over the same files,
//    interleaved runs, medians (the page cache is warm after the first round for both alike).
// Transcripts are read where they are and copied only into the temporary folder; nothing is written here.
// usage: node bench/cost.mjs [--ccusage BIN] [--rounds 5] [--overhead-only] [DIR_OR_FILE ...]
//   default input: the bundled demo (examples/projects). BIN: a ccusage executable (default: npx ccusage@20.0.24).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CCUSAGE_VERSION = '20.0.24';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    ccusage: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    'overhead-only': { type: 'boolean' },
  },
});

const { gateSessionSync } = await import(join(ROOT, 'dist/gate/index.js'));
const { bundledPriceTable, ClaudeUsageCollector, readSessionUsage, sessionCost, sessionUsage } = await import(
  join(ROOT, 'dist/cost/index.js')
);

function* jsonlFiles(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    if (path.endsWith('.jsonl')) yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* jsonlFiles(child);
    else if (entry.name.endsWith('.jsonl')) yield child;
  }
}

const inputs = positionals.length > 0 ? positionals : [join(ROOT, 'examples/projects')];
const files = inputs.flatMap((input) => [...jsonlFiles(resolve(input))]);
const table = bundledPriceTable();

/** A file as scan reads it: the gate's pass shows the usage reader each assistant line. */
function ours(path) {
  const collector = new ClaudeUsageCollector();
  const gate = gateSessionSync(path, {
    timeline: true,
    assistantLines: collector,
    ledgerPath: null,
    host: 'claude-code',
    env: {},
  });
  const records = gate.tapped ? collector.records() : readSessionUsage(path, 'claude-code');
  return sessionCost(sessionUsage(records, gate.timeline, gate.hits), table);
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

if (!values['overhead-only']) {
  // ccusage names a session by its file (`period`); each file is copied under a folder of its own project.
  const config = mkdtempSync(join(tmpdir(), 'retro-cost-bench-'));
  try {
    const byPeriod = new Map();
    files.forEach((file, i) => {
      const folder = join(config, 'projects', `-bench-p${i % 7}`);
      mkdirSync(folder, { recursive: true });
      const name = basename(file);
      copyFileSync(file, join(folder, name));
      byPeriod.set(name.replace(/\.jsonl$/, ''), file);
    });
    const command = values.ccusage ?? 'npx';
    const args = values.ccusage
      ? ['session', '--json', '--offline']
      : ['--yes', `ccusage@${CCUSAGE_VERSION}`, 'session', '--json', '--offline'];
    const out = execFileSync(command, args, {
      env: { ...process.env, CLAUDE_CONFIG_DIR: config, NO_COLOR: '1' },
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    });
    const theirs = new Map();
    for (const s of JSON.parse(out).session ?? []) {
      const sum = theirs.get(s.period) ?? { input: 0, output: 0, cache_write: 0, cache_read: 0, cost: 0 };
      sum.input += s.inputTokens;
      sum.output += s.outputTokens;
      sum.cache_write += s.cacheCreationTokens;
      sum.cache_read += s.cacheReadTokens;
      sum.cost += s.totalCost;
      theirs.set(s.period, sum);
    }
    let agree = 0;
    let compared = 0;
    let oursCost = 0;
    let theirCost = 0;
    let friction = 0;
    let unpriced = 0;
    const disagreements = [];
    for (const [period, file] of byPeriod) {
      const mine = ours(file);
      const their = theirs.get(period);
      if (!their && mine.tokens === null) continue;
      compared++;
      const kinds = ['input', 'output', 'cache_write', 'cache_read'];
      // ccusage leaves out a session whose calls used no tokens (only `<synthetic>` replies): zero both ways.
      const zero = (t) => kinds.every((k) => (t?.[k] ?? 0) === 0);
      const same =
        (their && mine.tokens && kinds.every((k) => their[k] === mine.tokens[k])) ||
        (!their && zero(mine.tokens));
      if (same) agree++;
      else if (disagreements.length < 5)
        disagreements.push({ session: period, ours: mine.tokens, ccusage: their ?? null });
      if (mine.cost_usd === null) unpriced++;
      else if (their) {
        oursCost += mine.cost_usd;
        theirCost += their.cost;
        friction += mine.friction_cost_usd ?? 0;
      }
    }
    const diff = theirCost === 0 ? 0 : (100 * (oursCost - theirCost)) / theirCost;
    console.log(
      JSON.stringify(
        {
          files: files.length,
          ccusage: CCUSAGE_VERSION,
          prices: table.sources,
          sessions_compared: compared,
          tokens_agree: agree,
          disagreements,
          cost_usd: {
            ours: +oursCost.toFixed(4),
            ccusage: +theirCost.toFixed(4),
            difference_pct: +diff.toFixed(2),
          },
          friction_cost_usd: +friction.toFixed(4),
          not_priced_here: unpriced,
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
}

// Overhead: the gate as scan runs it, and the gate with the usage pass and the friction join.
const rounds = Number(values.rounds);
const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
// Wall time and this thread's CPU time (the machine may be shared: CPU time is what the work itself took).
const gateOnly = [];
const withCost = [];
const gateCpu = [];
const costCpu = [];
for (let round = 0; round < rounds; round++) {
  for (const variant of round % 2 === 0 ? ['gate', 'cost'] : ['cost', 'gate']) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (const file of files) {
      if (variant === 'gate') gateSessionSync(file, { ledgerPath: null, host: 'claude-code', env: {} });
      else ours(file);
    }
    const used = process.cpuUsage(cpu);
    (variant === 'gate' ? gateOnly : withCost).push(performance.now() - started);
    (variant === 'gate' ? gateCpu : costCpu).push((used.user + used.system) / 1000);
  }
}
const g = median(gateOnly);
const c = median(withCost);
const gc = median(gateCpu);
const cc = median(costCpu);
console.log(
  JSON.stringify({
    overhead: {
      mb: +(bytes / 1e6).toFixed(1),
      rounds,
      gate_ms: +g.toFixed(0),
      gate_and_cost_ms: +c.toFixed(0),
      added_pct: +((100 * (c - g)) / g).toFixed(1),
      gate_cpu_ms: +gc.toFixed(0),
      gate_and_cost_cpu_ms: +cc.toFixed(0),
      added_cpu_pct: +((100 * (cc - gc)) / gc).toFixed(1),
    },
  }),
);
