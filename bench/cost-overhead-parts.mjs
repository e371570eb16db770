#!/usr/bin/env node
// Where the cost feature's instructions go inside the gate's own pass (docs/cost.md, round seven): the gate's
// library alone, in one process, over every .jsonl under TREE (sorted by path), under valgrind's cachegrind
// without its cache simulation, node run with --single-threaded --predictable-gc-schedule (so one part's count
// repeats: no worker threads, no store, no output). The builds are those of bench/cost-overhead.mjs
// (`--builds DIR` there: DIR/tap and DIR/cut), each part a step more of what a scan's per-file gate does:
// - cut:      the cut build's gate (no usage fields in the compiled scanner, no tap, no timeline)
// - none:     the tap build's gate asked for neither tap nor timeline (what is left: the scanner's usage
//             fields, their copy into the line's view, compareReply)
// - timeline: the same, with the per-turn timeline recorded
// - tap:      the same, with the usage collector shown every assistant line (the calls collected)
// - full:     the same, with each session's usage summary (friction marked, entries summed)
// Each part's count is printed with its difference from the part before it. What a scan does besides (its
// worker's message to the main thread, the store's write and read back, pricing, the table) is not here:
// bench/cost-overhead.mjs counts the whole scan.
// usage: node bench/cost-overhead-parts.mjs TREE --builds DIR [--parts cut,none,timeline,tap,full]
//   (internally: node bench/cost-overhead-parts.mjs --child DIST PART TREE gates the files once)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const PARTS = ['cut', 'none', 'timeline', 'tap', 'full'];

/** Every .jsonl under `dir`, in path order. */
function sessionFiles(dir) {
  const found = [];
  const walk = (d) => {
    const entries = readdirSync(d, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const e of entries) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.jsonl')) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** One part's work: gates every file of the tree as the scan's per-file gate does, up to that part. */
async function child(dist, part, tree) {
  const load = (path) => import(pathToFileURL(join(dist, path)).href);
  const { gateSessionSync } = await load('gate/gate-session.js');
  const { defaultGateSettings } = await load('gate/settings.js');
  const { ClaudeUsageCollector } = await load('cost/claude-usage.js');
  const { sessionUsage } = await load('cost/session-usage.js');
  const settings = defaultGateSettings({ profile: 'calibrated' });
  const tapped = part === 'tap' || part === 'full';
  let entries = 0;
  const files = sessionFiles(tree);
  for (const path of files) {
    const collector = tapped ? new ClaudeUsageCollector({ everyCallTime: false }) : undefined;
    const result = gateSessionSync(path, {
      host: 'claude-code',
      settings,
      ledgerPath: null,
      ...(part === 'timeline' || tapped ? { timeline: true } : {}),
      ...(collector ? { assistantLines: collector } : {}),
    });
    if (part === 'full' && result.verdict.error === undefined)
      entries += sessionUsage(collector.records(), result.timeline, result.hits).entries?.length ?? 0;
  }
  console.log(`${part}: ${files.length} files gated${part === 'full' ? `, ${entries} usage entries` : ''}`);
}

if (process.argv[2] === '--child') {
  const [dist, part, tree] = process.argv.slice(3);
  await child(dist, part, tree);
} else {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { builds: { type: 'string' }, parts: { type: 'string', default: PARTS.join(',') } },
  });
  if (positionals.length !== 1 || !values.builds) {
    console.error(
      'usage: node bench/cost-overhead-parts.mjs TREE --builds DIR [--parts cut,none,timeline,tap,full]',
    );
    process.exit(2);
  }
  const tree = resolve(positionals[0]);
  const builds = resolve(values.builds);
  const parts = values.parts.split(',').map((p) => p.trim());
  for (const part of parts) if (!PARTS.includes(part)) throw new Error(`--parts: unknown part ${part}`);
  const self = fileURLToPath(import.meta.url);
  let before;
  for (const part of parts) {
    const dist = join(builds, part === 'cut' ? 'cut' : 'tap', 'dist');
    if (!existsSync(join(dist, 'gate', 'gate-session.js')))
      throw new Error(`no build at ${dist}: run bench/cost-overhead.mjs with --builds ${builds} first`);
    const result = spawnSync(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=no',
        '--cachegrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        '--predictable-gc-schedule',
        self,
        '--child',
        dist,
        part,
        tree,
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.status !== 0)
      throw new Error(`${part} exited ${result.status}: ${result.stderr.slice(-2000)}`);
    const count = Number(/^==\d+== I\s+refs:\s+([\d,]+)/m.exec(result.stderr)?.[1]?.replaceAll(',', ''));
    if (!Number.isFinite(count)) throw new Error(`${part}: no instruction count in valgrind's output`);
    const step =
      before === undefined ? '' : `, ${count >= before ? '+' : ''}${((count - before) / 1e9).toFixed(3)} G`;
    console.log(`${part}: ${(count / 1e9).toFixed(3)} G${step} (${result.stdout.trim()})`);
    before = count;
  }
}
