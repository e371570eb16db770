#!/usr/bin/env node
// The deep read on a ~100 MB generated transcript: wall time and peak RSS of `retrospect deep-read
// --dry-run` (one streaming pass for the windows and the fabrication pre-pass) and of a full offline run
// (the heuristic provider, plus the second streaming pass that checks every citation), with the gate's
// anchors and with 300 anchors spread over the file. Fails when the windows exceed their token budget.
// The corpus is generated once under bench/.corpus/ (gitignored). Needs `npm run build` first.
// usage: node bench/deepread.mjs [--turns N]
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'retrospect.js');
const args = process.argv.slice(2);
const TURNS = args.includes('--turns') ? args[args.indexOf('--turns') + 1] : '16000';
const BUDGET = 24_000;
const HAS_TIME = existsSync('/usr/bin/time');

const dir = join(ROOT, 'bench', '.corpus', `deepread-${TURNS}`);
if (!existsSync(join(dir, '.done'))) {
  rmSync(dir, { recursive: true, force: true });
  console.error(`generating a ${TURNS}-turn transcript ...`);
  const gen = spawnSync(
    process.execPath,
    [
      join(ROOT, 'bench', 'gen-sessions.mjs'),
      '--out',
      dir,
      '--sessions',
      '1',
      '--turns',
      TURNS,
      '--seed',
      '505',
      '--friction',
      '0.04',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (gen.status !== 0) throw new Error('generating the transcript failed');
  spawnSync('touch', [join(dir, '.done')]);
}
const file = readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((n) => n.endsWith('.jsonl'))
  .map((n) => join(dir, n))[0];
const size = statSync(file).size;

// Runs in a scratch project so that persisted anchors and job records stay out of this repository.
const project = mkdtempSync(join(tmpdir(), 'retrospect-bench-deepread-'));
const env = {
  ...process.env,
  RETROSPECT_PROVIDER: '',
  RETROSPECT_DATA_DIR: join(project, 'data'),
  FRICTION_LEDGER: join(project, 'none.jsonl'),
};

function timed(cliArgs) {
  const cmd = [process.execPath, BIN, ...cliArgs];
  const [bin, binArgs] = HAS_TIME ? ['/usr/bin/time', ['-f', '%M', ...cmd]] : [cmd[0], cmd.slice(1)];
  const started = performance.now();
  const run = spawnSync(bin, binArgs, { cwd: project, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`deep-read failed: ${run.stderr}`);
  const rssMb = HAS_TIME ? Number(run.stderr.trim().split('\n').pop()) / 1024 : Number.NaN;
  return { seconds, rssMb, json: JSON.parse(run.stdout) };
}

/** Every 300th-ish message id, for a run with many anchors spread over the whole file. */
async function spreadAnchors(count) {
  const ids = [];
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    const match =
      /"type":"(?:user|assistant)".*"uuid":"([0-9a-f-]{36})"/.exec(line.slice(0, 400)) ??
      /"uuid":"([0-9a-f-]{36})"/.exec(line.slice(-200));
    if (match && line.includes('"type":"user"')) ids.push(match[1]);
  }
  const step = Math.max(1, Math.floor(ids.length / count));
  return ids.filter((_, i) => i % step === 0).slice(0, count);
}

let failed = false;
function line(label, r, extra) {
  console.log(
    `${label.padEnd(36)} ${r.seconds.toFixed(2).padStart(7)} s  ${(size / 1e6 / r.seconds).toFixed(0).padStart(4)} MB/s  peak RSS ${r.rssMb.toFixed(0).padStart(4)} MB  ${extra}`,
  );
}
function checkBudget(cuts) {
  if (cuts.tokensUsed > BUDGET) failed = true;
  return `window tokens ${cuts.tokensUsed}/${BUDGET}${cuts.tokensUsed > BUDGET ? ' OVER BUDGET' : ''}`;
}

console.log(`transcript: ${(size / 1e6).toFixed(1)} MB, ${TURNS} turns`);
const dry = timed(['deep-read', file, '--dry-run', '--json']);
line(
  'dry run (gate anchors)',
  dry,
  `${dry.json.anchors.length} anchors, ${checkBudget(dry.json.cuts)}, prompt ${dry.json.prompt.length} chars`,
);
const full = timed(['deep-read', file, '--json']);
line(
  'full offline run (gate anchors)',
  full,
  `${full.json.proposals.length} proposals, ${full.json.fabrication_anchors.length} anchors, ${full.json.dropped.length} dropped`,
);
const many = await spreadAnchors(300);
const dryMany = timed(['deep-read', file, '--dry-run', '--json', '--anchors', many.join(',')]);
const cuts = dryMany.json.cuts;
line(
  `dry run (${many.length} spread anchors)`,
  dryMany,
  `${checkBudget(cuts)}, ${cuts.messagesOverBudget} messages over budget, ${cuts.anchorsOverBudget.length} anchors cut`,
);
rmSync(project, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
