#!/usr/bin/env node
// How the experiment's effect rule behaves on a scripted agent: for each seed, one experiment whose agent
// follows a "run the check first" rule (fewer failing calls, more checks passed) and one whose agent acts
// the same with and without the rule (the rule only changes its words). Prints, per case and per length
// of experiment, in how many seeds an effect was shown, the seeds of the agent that acts the same where
// one was (a false claim), and the median friction and check-pass effects with their intervals.
//
// One experiment is run per seed and case, with the most runs asked for (--rows' largest); the shorter
// rows are its first rounds. That is exact, not an approximation: the plan lays the runs out round by round
// from the seed (plan.ts), and the scripted agent draws each run's choices from the seed and the run's
// number, so an experiment of 5 rounds is the first 5 rounds of one of 12, run for run.
//
// Each experiment's state is kept in bench/.out/experiment-effect/; `--reuse` reads the states kept there
// instead of running again, so that a change of the decision rule is judged on the very same runs.
//
// `--replay` runs no agent: each run's choices are drawn as the scripted agent draws them (its hash of the
// seed, the run's number and the draw's number; the same branches), and the run's record is copied from a
// kept run that made the same choices (friction, check, turns, tokens: all measured on a real run). It
// needs kept states to copy from (run seeds 1-20 first), and `--verify` compares the replay with every kept
// run of the seeds asked for, record by record on what the decision reads (friction, check, phrasing),
// and fails on any difference.
//
// `--confidence` (0.95) and `--min-effect friction=N,check=SHARE` (the experiment's defaults) are the
// decision's; with --reuse or --replay they re-read the runs at those settings.
// usage: node bench/experiment-effect.mjs [--from 1] [--seeds 20] [--tasks 2] [--rows 5,8,12,16,20] [--reuse]
//        [--replay [--verify]] [--confidence 0.95] [--min-effect friction=5,check=0.15]
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const argText = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const arg = (name, fallback) => Number(argText(name, String(fallback)));
const from = arg('from', 1);
const seeds = arg('seeds', 20);
const taskCount = arg('tasks', 2);
const rows = argText('rows', '5,8,12,16,20')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const longest = rows[rows.length - 1];
const reuse = process.argv.includes('--reuse');
const replay = process.argv.includes('--replay');
const verify = process.argv.includes('--verify');
const confidence = arg('confidence', 0.95);
const keptDir = new URL('./.out/experiment-effect/', import.meta.url).pathname;
mkdirSync(keptDir, { recursive: true });
const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
const { installScriptedClaude, CHECK_FIRST_RULE } = await load('../src/test-support/scripted-agent.ts');
const { experimentTaskRepo } = await load('../src/test-support/experiment-repo.ts');
const { parseTasksJsonl } = await load('../src/experiment/tasks.ts');
const { runExperiment } = await load('../src/experiment/experiment.ts');
const { experimentReport } = await load('../src/experiment/report-json.ts');
const { planRuns } = await load('../src/experiment/plan.ts');
const { DEFAULT_MIN_EFFECT } = await load('../src/experiment/min-effect.ts');
const { parseMinEffect } = await load('../src/cli/commands/experiment/options.ts');
const { removeTempDirs } = await load('../src/test-support/temp-dir.ts');
const minEffectText = argText('min-effect', undefined);
const minEffect = minEffectText === undefined ? DEFAULT_MIN_EFFECT : parseMinEffect([minEffectText]);

const keptPath = (behaviour, seed) => join(keptDir, `${behaviour}-t${taskCount}-r${longest}-s${seed}.json`);

// --- The replay: the scripted agent's draws (src/test-support/scripted-agent.ts, `draws` and main's
// branches), kept in step with it by --verify.
function drawsOf(seed, n) {
  let i = 0;
  return () => {
    const h = createHash('sha256').update(`${seed}:${n}:${i++}`).digest();
    return h.readUInt32BE(0) / 4294967296;
  };
}
/** What the scripted agent does in run number n (1-based over the experiment) of this arm. */
function choicesOf(behaviour, seed, n, arm) {
  const random = drawsOf(seed, n);
  if (behaviour === 'rule-helps' && arm === 'with')
    return `follows:${random() < 0.9 ? 'right' : 'wrong-then-fixed'}`;
  const failingBuild = random() < 0.7;
  const answer = random() < 0.5 ? '42' : '41';
  const polite = behaviour === 'same' && arm === 'with';
  return `${polite ? 'polite' : 'plain'}:${failingBuild ? 'build-fails' : 'no-build'}:${answer}`;
}
/** Kept real runs by the choices they made, to copy a replayed run's record from. */
function keptRunsByChoices() {
  const byChoices = new Map();
  for (const name of readdirSync(keptDir)) {
    const found = /^(rule-helps|same)-t\d+-r\d+-s(\d+)\.json$/.exec(name);
    if (!found) continue;
    const [, behaviour, seedText] = found;
    const state = JSON.parse(readFileSync(join(keptDir, name), 'utf8'));
    state.plan.forEach((planned, index) => {
      const run = state.runs[planned.id];
      if (run) byChoices.set(choicesOf(behaviour, Number(seedText), index + 1, planned.arm), run);
    });
  }
  return byChoices;
}
const decisive = (run) =>
  JSON.stringify([run.measures?.friction, run.measures?.phrasing, run.measures?.turns, run.check?.passed]);

let templates;
function replayedState(behaviour, seed) {
  templates ??= keptRunsByChoices();
  if (templates.size === 0) throw new Error(`--replay: no kept experiment in ${keptDir} to copy runs from`);
  const tasks = Array.from({ length: taskCount }, (_, i) => ({ id: `puzzle-${i + 1}` }));
  const plan = planRuns(tasks, longest, seed);
  const runs = {};
  plan.forEach((planned, index) => {
    const choices = choicesOf(behaviour, seed, index + 1, planned.arm);
    const template = templates.get(choices);
    if (!template) throw new Error(`--replay: no kept run made the choices ${choices}`);
    runs[planned.id] = {
      ...template,
      id: planned.id,
      taskId: planned.taskId,
      arm: planned.arm,
      replicate: planned.replicate,
    };
  });
  return {
    version: 1,
    createdAt: new Date(0).toISOString(),
    settings: {
      agent: 'claude',
      model: null,
      permissionMode: 'default',
      runsPerArm: longest,
      seed,
      timeLimitMs: 60_000,
      checkTimeLimitMs: 30_000,
      budget: { runs: 1000 },
      keep: false,
      confidence,
    },
    tasks: [],
    leftOut: [],
    rules: { source: 'rules.md', text: CHECK_FIRST_RULE },
    plan,
    runs,
    stopped: null,
  };
}

async function realState(behaviour, seed) {
  const kept = keptPath(behaviour, seed);
  if (reuse && existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8'));
  const { env } = installScriptedClaude(behaviour, { seed });
  const { tasksFile } = experimentTaskRepo(taskCount);
  const outDir = mkdtempSync(join(tmpdir(), 'retrospect-bench-experiment-'));
  const outcome = await runExperiment({
    tasks: parseTasksJsonl(readFileSync(tasksFile, 'utf8'), 'tasks'),
    rules: { source: 'rules.md', text: CHECK_FIRST_RULE },
    agent: 'claude',
    runsPerArm: longest,
    seed,
    timeLimitMs: 60_000,
    checkTimeLimitMs: 30_000,
    budget: { runs: 100_000 },
    keep: false,
    confidence,
    outDir,
    env,
  });
  copyFileSync(join(outDir, 'experiment.json'), kept);
  rmSync(outDir, { recursive: true, force: true });
  removeTempDirs();
  return outcome.state;
}

/** The experiment of `rounds` rounds: the first rounds of the longest one, at this decision's settings. */
function firstRounds(state, rounds) {
  const plan = state.plan.filter((p) => p.replicate <= rounds);
  const runs = Object.fromEntries(plan.flatMap((p) => (state.runs[p.id] ? [[p.id, state.runs[p.id]]] : [])));
  return { ...state, plan, runs, settings: { ...state.settings, runsPerArm: rounds, confidence, minEffect } };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[s.length >> 1];
};
const started = Date.now();
let differences = 0;
for (const behaviour of ['rule-helps', 'same']) {
  const tallies = new Map(
    rows.map((r) => [
      r,
      {
        shown: [],
        friction: 0,
        check: 0,
        noEffect: 0,
        frictionE: [],
        checkE: [],
        ruledOut: [],
        phrasing: [],
      },
    ]),
  );
  for (let seed = from; seed < from + seeds; seed++) {
    const state = replay ? replayedState(behaviour, seed) : await realState(behaviour, seed);
    if (verify) {
      const kept = keptPath(behaviour, seed);
      if (!existsSync(kept)) throw new Error(`--verify: no kept experiment for ${behaviour} seed ${seed}`);
      const real = JSON.parse(readFileSync(kept, 'utf8'));
      for (const planned of real.plan) {
        if (decisive(real.runs[planned.id]) !== decisive(state.runs[planned.id])) {
          differences++;
          console.log(`replay differs: ${behaviour} seed ${seed} ${planned.id}`);
        }
      }
    }
    for (const r of rows) {
      const report = experimentReport(firstRounds(state, r), '.');
      const t = tallies.get(r);
      if (report.effect_shown) t.shown.push(seed);
      if (report.effects.friction.shown) t.friction++;
      if (report.effects.check_pass.shown) t.check++;
      if (report.decision.outcome === 'no-effect') t.noEffect++;
      t.frictionE.push(report.effects.friction);
      t.checkE.push(report.effects.check_pass);
      t.ruledOut.push(report.effects.check_pass.rules_out_beyond);
      t.phrasing.push(report.effects.phrasing.estimate);
    }
  }
  const summary = (effects) =>
    `${median(effects.map((e) => e.estimate))} [${median(effects.map((e) => e.low))}, ${median(effects.map((e) => e.high))}]`;
  for (const r of rows) {
    const t = tallies.get(r);
    const seedsShown = behaviour === 'same' && t.shown.length > 0 ? ` (seeds ${t.shown.join(', ')})` : '';
    console.log(
      `${behaviour}, ${taskCount * r} runs per arm: effect shown in ${t.shown.length}/${seeds} seeds${seedsShown} (friction ${t.friction}, check ${t.check}); ` +
        `no effect of at least the smallest effect shown in ${t.noEffect} (the check rules out an effect beyond ${median(t.ruledOut)}, median); ` +
        `median friction ${summary(t.frictionE)}, check pass ${summary(t.checkE)}, retry phrases ${median(t.phrasing)}`,
    );
  }
}
console.log(
  `seeds ${from}-${from + seeds - 1}, ${replay ? 'replayed' : reuse ? 'kept runs' : 'run'}; confidence ${confidence}, smallest effect friction ${minEffect.friction}, check ${minEffect.check_pass}; ${Math.round((Date.now() - started) / 1000)} s`,
);
if (verify) {
  console.log(
    differences === 0 ? 'replay matches every kept run' : `${differences} runs differ from the replay`,
  );
  if (differences > 0) process.exitCode = 1;
}
