#!/usr/bin/env node
// Speed on REAL sessions, side by side: the corpus bench/real-corpus.mjs builds (outside this repository)
// from the labelled public transcripts. Every round runs each contender once, one after another, so that
// the load of a shared machine falls on all of them alike; the figures are the medians over the rounds
// (wall time of the whole command, Node start-up included; CPU = user + system of all threads; peak RSS
// from the kernel via /usr/bin/time). Needs `npm run build` first.
//   - gate on the ~100 MB concatenated file, seed profile, against the Python reference gate (verdicts
//     must be byte-identical);
//   - gate on the typical ~2 MB session, default profile, against the reference;
//   - scan of the ~1 GB tree: cold (a fresh store each round) with --jobs 1 and the default jobs, and warm,
//     against ccusage reading the same tree (`ccusage daily --json --offline`, given with --ccusage);
//   - the friction-capture hook against `node -e 0`.
// The reference's own start-up counts in its figure as Node's does in ours, so both should start as on a
// user's machine: --python names the interpreter (default python3 on PATH; a version manager's shim is a
// shell script that adds its own start-up to the reference), and the run says which one it used and
// whether NODE_EXTRA_CA_CERTS is set (Node 20 reads those certificates before any script runs, tens of ms).
// usage: node bench/real.mjs --corpus DIR [--ccusage BIN] [--python BIN] [--rounds N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'retrospect.js');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    ccusage: { type: 'string' },
    python: { type: 'string', default: 'python3' },
    rounds: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});
if (!values.corpus || !existsSync(join(values.corpus, 'manifest.json'))) {
  console.error(
    'usage: real.mjs --corpus DIR [--ccusage BIN] [--python BIN] [--rounds N] [--only gate|scan|hook]  (DIR from bench/real-corpus.mjs)',
  );
  process.exit(2);
}
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error(`real.mjs: --rounds expects a whole number of at least 1, got "${values.rounds}"`);
  process.exit(2);
}
if (!existsSync('/usr/bin/time')) {
  console.error('real.mjs: needs /usr/bin/time (GNU time) for CPU and peak RSS');
  process.exit(2);
}
const corpus = values.corpus;
const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8'));
const concat = join(corpus, 'concat-100mb.jsonl');
const typical = join(corpus, 'typical.jsonl');
const tree = join(corpus, 'tree');
const scratch = mkdtempSync(join(tmpdir(), 'retrospect-bench-real-'));
const noLedger = join(scratch, 'no-ledger.jsonl');

/** The highest peak RSS of any retrospect run in this bench. */
let ownPeakRssMb = 0;

function timed(cmd, args, { env = {}, input } = {}) {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S %M', cmd, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    input,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  const [user, system, rssKb] = run.stderr.trim().split('\n').pop().split(' ').map(Number);
  if (cmd === process.execPath && args[0] === BIN) ownPeakRssMb = Math.max(ownPeakRssMb, rssKb / 1024);
  return { seconds, cpu: user + system, rssMb: rssKb / 1024, stdout: run.stdout };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs every contender once per round (in turn), then prints medians and each one's ratio to the first. */
function sideBySide(title, contenders, check) {
  const runs = contenders.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    contenders.forEach((c, i) => {
      c.before?.();
      runs[i].push(timed(c.cmd, c.args, c));
    });
  }
  const note = check ? `, ${check(runs.map((r) => r[0].stdout))}` : '';
  const medians = runs.map((r) => ({
    wall: median(r.map((x) => x.seconds)),
    cpu: median(r.map((x) => x.cpu)),
    rss: Math.max(...r.map((x) => x.rssMb)),
  }));
  console.log(`\n${title}${note}`);
  const base = median(runs[0].map((r) => r.seconds));
  const baseCpu = median(runs[0].map((r) => r.cpu));
  contenders.forEach((c, i) => {
    const wall = median(runs[i].map((r) => r.seconds));
    const cpu = median(runs[i].map((r) => r.cpu));
    const rss = Math.max(...runs[i].map((r) => r.rssMb));
    const ratio =
      i === 0
        ? ''
        : `  ${(wall / base).toFixed(2)}x the first's wall, ${(cpu / baseCpu).toFixed(2)}x its cpu`;
    console.log(
      `  ${c.label.padEnd(40)} wall ${wall.toFixed(3).padStart(7)} s  cpu ${cpu.toFixed(3).padStart(7)} s  peak RSS ${rss.toFixed(0).padStart(4)} MB${ratio}`,
    );
  });
  return medians;
}

/** The issue's goals, each as measured in this run (wall and CPU side by side), printed at the end. */
const goals = [];
const times = (x) => `${x.toFixed(2)}x`;
function goal(what, target, wall, cpu, met) {
  goals.push(
    `  ${what.padEnd(46)} ${`wall ${wall}`.padEnd(16)} ${`cpu ${cpu}`.padEnd(15)} goal ${target.padEnd(9)} ${met ? 'met' : 'NOT met'}`,
  );
}

const want = (part) => !values.only || values.only === part;
console.log(
  `retrospect real-session bench — ${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start, median of ${ROUNDS} rounds`,
);
console.log(
  `corpus: ${manifest.tree.files} sessions / ${(manifest.tree.bytes / 1e6).toFixed(0)} MB tree, ${(manifest.concat.bytes / 1e6).toFixed(0)} MB concatenated, typical session ${(manifest.typical.bytes / 1e6).toFixed(2)} MB, from ${manifest.sources} real sources`,
);
{
  const python = spawnSync(values.python, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  console.log(
    `reference: ${values.python} (${python.stdout?.trim() || 'not found'}); NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? 'set' : 'not set'}`,
  );
}
try {
  if (want('gate')) {
    const seed = { FRICTION_LEDGER: noLedger, RETRO_GATE_PROFILE: 'seed' };
    const identical = ([ours, python]) => (ours === python ? 'verdicts identical' : 'verdicts DIFFERENT');
    const [big, bigReference] = sideBySide(
      `gate, ${(manifest.concat.bytes / 1e6).toFixed(0)} MB of real sessions in one file, seed profile`,
      [
        { label: 'retrospect gate', cmd: process.execPath, args: [BIN, 'gate', concat], env: seed },
        {
          label: 'Python reference gate',
          cmd: values.python,
          args: [join(ROOT, 'bench', 'reference', 'gate.py'), concat],
          env: seed,
        },
      ],
      identical,
    );
    goal(
      `gate on ${(manifest.concat.bytes / 1e6).toFixed(0)} MB real, x the reference`,
      '>= 4x',
      times(bigReference.wall / big.wall),
      times(bigReference.cpu / big.cpu),
      bigReference.wall / big.wall >= 4,
    );
    const [one, oneReference] = sideBySide(
      `gate, one typical real session (${(manifest.typical.bytes / 1e6).toFixed(2)} MB), default profile`,
      [
        {
          label: 'retrospect gate',
          cmd: process.execPath,
          args: [BIN, 'gate', typical],
          env: { FRICTION_LEDGER: noLedger },
        },
        {
          label: 'Python reference gate',
          cmd: values.python,
          args: [join(ROOT, 'bench', 'reference', 'gate.py'), typical],
          env: { FRICTION_LEDGER: noLedger },
        },
        { label: 'node -e 0 (floor)', cmd: process.execPath, args: ['-e', '0'] },
      ],
    );
    goal(
      `gate on one ${(manifest.typical.bytes / 1e6).toFixed(1)} MB real session, x the reference`,
      '>= 2x',
      times(oneReference.wall / one.wall),
      times(oneReference.cpu / one.cpu),
      oneReference.wall / one.wall >= 2,
    );
  }
  if (want('scan')) {
    const store = join(scratch, 'store.sqlite');
    const fresh = () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${store}${suffix}`, { force: true });
    };
    const env = { FRICTION_LEDGER: noLedger, CLAUDE_CONFIG_DIR: scratch };
    const scan = (extra) => [BIN, 'scan', join(tree, 'projects'), '--store', store, '--json', ...extra];
    const contenders = [
      { label: 'retrospect scan, cold', cmd: process.execPath, args: scan([]), env, before: fresh },
      {
        label: 'retrospect scan, cold, --jobs 1',
        cmd: process.execPath,
        args: scan(['--jobs', '1']),
        env,
        before: fresh,
      },
    ];
    if (values.ccusage)
      contenders.push({
        label: 'ccusage daily --json --offline',
        cmd: values.ccusage,
        args: ['daily', '--json', '--offline'],
        env: { CLAUDE_CONFIG_DIR: tree },
      });
    const cold = sideBySide(
      `scan, ${(manifest.tree.bytes / 1e6).toFixed(0)} MB of real sessions, cold`,
      contenders,
    );
    if (values.ccusage) {
      const ccusage = cold[2];
      goal(
        'cold scan of the tree, x ccusage (default jobs)',
        '>= 2x',
        times(ccusage.wall / cold[0].wall),
        times(ccusage.cpu / cold[0].cpu),
        ccusage.wall / cold[0].wall >= 2,
      );
      goal(
        'cold scan of the tree, x ccusage (--jobs 1)',
        '>= 2x',
        times(ccusage.wall / cold[1].wall),
        times(ccusage.cpu / cold[1].cpu),
        ccusage.wall / cold[1].wall >= 2,
      );
    }
    fresh();
    timed(process.execPath, scan([]), { env });
    const [warm] = sideBySide(
      `scan, ${(manifest.tree.bytes / 1e6).toFixed(0)} MB of real sessions, warm (nothing changed)`,
      [{ label: 'retrospect scan, warm', cmd: process.execPath, args: scan([]), env }],
    );
    goal(
      'warm scan of the tree (nothing changed)',
      '< 0.3 s',
      `${warm.wall.toFixed(3)} s`,
      `${warm.cpu.toFixed(3)} s`,
      warm.wall < 0.3,
    );
  }
  if (want('hook')) {
    mkdirSync(join(scratch, 'hook'), { recursive: true });
    const payload = JSON.stringify({
      session_id: '3f2b8c1e-7d4a-4e21-9b0f-5c6d7e8f9a01',
      transcript_path: join(scratch, 'hook', 'session.jsonl'),
      cwd: join(scratch, 'hook'),
      hook_event_name: 'PostToolUseFailure',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'toolu_01ABC123',
      error: 'Exit code 1',
    });
    const hookRounds = Math.max(ROUNDS, 15);
    const contenders = [
      { label: 'node -e 0 (floor)', cmd: process.execPath, args: ['-e', '0'] },
      {
        label: 'retrospect hook friction-capture',
        cmd: process.execPath,
        args: [BIN, 'hook', 'friction-capture'],
        env: { FRICTION_LEDGER: join(scratch, 'hook', 'friction.jsonl') },
        input: payload,
      },
    ];
    const runs = contenders.map(() => []);
    for (let round = 0; round < hookRounds; round++)
      contenders.forEach((c, i) => {
        runs[i].push(timed(c.cmd, c.args, c));
      });
    const floor = median(runs[0].map((r) => r.seconds));
    const floorCpu = median(runs[0].map((r) => r.cpu));
    const hook = median(runs[1].map((r) => r.seconds));
    const hookCpu = median(runs[1].map((r) => r.cpu));
    goal(
      'friction hook, x node -e 0',
      '<= 1.3x',
      times(hook / floor),
      times(hookCpu / floorCpu),
      hook / floor <= 1.3,
    );
    console.log(`\nfriction hook against Node's start-up (median of ${hookRounds} rounds)`);
    contenders.forEach((c, i) => {
      const wall = median(runs[i].map((r) => r.seconds));
      const rss = Math.max(...runs[i].map((r) => r.rssMb));
      console.log(
        `  ${c.label.padEnd(40)} wall ${(wall * 1000).toFixed(1).padStart(7)} ms  peak RSS ${rss.toFixed(0).padStart(4)} MB  ${(wall / floor).toFixed(2)}x the floor`,
      );
    });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\nload average ${loadavg()[0].toFixed(1)} at the end`);
if (goals.length > 0) {
  console.log(
    "\nthe issue's goals, this run (medians; wall decides, CPU = user + system, the steadier figure on a loaded machine):",
  );
  for (const line of goals) console.log(line);
  console.log(
    `  ${'peak RSS of any retrospect run'.padEnd(46)} ${`${ownPeakRssMb.toFixed(0)} MB`.padEnd(32)} goal < 200 MB  ${ownPeakRssMb < 200 ? 'met' : 'NOT met'}`,
  );
}
