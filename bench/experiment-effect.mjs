#!/usr/bin/env node
// How the experiment's effect rule behaves on a scripted agent: for each seed, one experiment whose agent
// follows a "run the check first" rule (fewer failing calls, more checks passed) and one whose agent acts
// the same with and without the rule (the rule only changes its words). Prints, per case, in how many
// seeds an effect was shown, and the median friction and check-pass effects with their intervals.
// Each experiment's state is kept in bench/.out/experiment-effect/ (the runs depend only on the seed, the
// case and the run counts); `--reuse` reads the states kept there instead of running again, so that a change
// of the decision rule is judged on the very same runs.
// `--confidence` (0.95) is the experiments' level; with --reuse it re-reads the kept runs at that level.
// usage: node bench/experiment-effect.mjs [--seeds 20] [--tasks 2] [--runs 5] [--reuse] [--confidence 0.95]
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const seeds = arg('seeds', 20);
const taskCount = arg('tasks', 2);
const runs = arg('runs', 5);
const reuse = process.argv.includes('--reuse');
const confidence = arg('confidence', 0.95);
const keptDir = new URL('./.out/experiment-effect/', import.meta.url).pathname;
mkdirSync(keptDir, { recursive: true });
const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
const { installScriptedClaude, CHECK_FIRST_RULE } = await load('../src/test-support/scripted-agent.ts');
const { experimentTaskRepo } = await load('../src/test-support/experiment-repo.ts');
const { parseTasksJsonl } = await load('../src/experiment/tasks.ts');
const { runExperiment } = await load('../src/experiment/experiment.ts');
const { experimentReport } = await load('../src/experiment/report-json.ts');
const { removeTempDirs } = await load('../src/test-support/temp-dir.ts');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[s.length >> 1];
};
const started = Date.now();
for (const behaviour of ['rule-helps', 'same']) {
  let shown = 0;
  let frictionShown = 0;
  let checkShown = 0;
  let roughShown = 0;
  const friction = [];
  const check = [];
  const phrasing = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const kept = join(keptDir, `${behaviour}-t${taskCount}-r${runs}-s${seed}.json`);
    if (reuse && existsSync(kept)) {
      const state = JSON.parse(readFileSync(kept, 'utf8'));
      tally(experimentReport({ ...state, settings: { ...state.settings, confidence } }, '.'));
      continue;
    }
    const { env } = installScriptedClaude(behaviour, { seed });
    const { tasksFile } = experimentTaskRepo(taskCount);
    const outDir = mkdtempSync(join(tmpdir(), 'retrospect-bench-experiment-'));
    const outcome = await runExperiment({
      tasks: parseTasksJsonl(readFileSync(tasksFile, 'utf8'), 'tasks'),
      rules: { source: 'rules.md', text: CHECK_FIRST_RULE },
      agent: 'claude',
      runsPerArm: runs,
      seed,
      timeLimitMs: 60_000,
      checkTimeLimitMs: 30_000,
      budget: { runs: 1000 },
      keep: false,
      confidence,
      outDir,
      env,
    });
    copyFileSync(join(outDir, 'experiment.json'), kept);
    tally(experimentReport(outcome.state, outDir));
    rmSync(outDir, { recursive: true, force: true });
    removeTempDirs();
  }
  function tally(report) {
    if (report.effect_shown) shown++;
    if (report.effects.friction.shown) frictionShown++;
    if (report.effects.check_pass.shown) checkShown++;
    const rough = report.effects.friction_runs;
    if (rough && rough.low !== null && (rough.low > 0 || rough.high < 0)) roughShown++;
    friction.push(report.effects.friction);
    check.push(report.effects.check_pass);
    phrasing.push(report.effects.phrasing.estimate);
  }
  const summary = (effects) =>
    `${median(effects.map((e) => e.estimate))} [${median(effects.map((e) => e.low))}, ${median(effects.map((e) => e.high))}]`;
  console.log(
    `${behaviour}: effect shown in ${shown}/${seeds} seeds (friction ${frictionShown}, check ${checkShown}); runs with friction apart in ${roughShown}; ` +
      `median friction ${summary(friction)}, check pass ${summary(check)}, retry phrases ${median(phrasing)}` +
      ` (${taskCount} tasks x ${runs} runs per arm)`,
  );
}
console.log(`${Math.round((Date.now() - started) / 1000)} s`);
