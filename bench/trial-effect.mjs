#!/usr/bin/env node
// How the trial decision rules behave on generated projects: one lesson on trial, N sessions a side
// (realistic generated transcripts, src/test-support/generated-session.ts), many seeds per scenario.
// Prints, per scenario, how often the effect rule (default) and the seed's rule KEEP, REVERT or wait, and
// the median interval. The figures in docs/trial-statistics.md come from this script.
// usage: node bench/trial-effect.mjs [--seeds 20] [--sessions 12] [--profile calibrated|seed]
import { tsImport } from 'tsx/esm/api';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const seeds = arg('seeds', 20);
const count = arg('sessions', 12);
const profileAt = process.argv.indexOf('--profile');
const profile = profileAt === -1 ? 'calibrated' : process.argv[profileAt + 1];
const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
const { trialProject } = await load('../src/test-support/trial-project.ts');
const { transcriptScoreSource } = await load('../src/trial/sources.ts');
const { gateScorer } = await load('../src/trial/gate-scorer.ts');
const { reviewTrials } = await load('../src/trial/project-review.ts');
const { trialReviewJson } = await load('../src/trial/effect/json.ts');

const SCENARIOS = {
  'friction vanishes': [
    { turns: [60, 140], friction: 0.06 },
    { turns: [60, 140], friction: 0 },
  ],
  'one distribution': [
    { turns: [60, 140], friction: 0.03 },
    { turns: [60, 140], friction: 0.03 },
  ],
  'only shorter': [
    { turns: [150, 250], friction: 0.03 },
    { turns: [30, 60], friction: 0.03 },
  ],
  'only longer': [
    { turns: [30, 60], friction: 0.03 },
    { turns: [150, 250], friction: 0.03 },
  ],
  'shorter, sizes overlapping': [
    { turns: [80, 200], friction: 0.03 },
    { turns: [40, 120], friction: 0.03 },
  ],
  'longer, sizes overlapping': [
    { turns: [40, 120], friction: 0.03 },
    { turns: [80, 200], friction: 0.03 },
  ],
  'friction halved': [
    { turns: [60, 140], friction: 0.06 },
    { turns: [60, 140], friction: 0.03 },
  ],
};

const tally = (list) => {
  const counts = new Map();
  for (const d of list) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k} ${v}`).join(', ');
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`${seeds} seeds, ${count} sessions a side, gate profile ${profile}\n`);
console.log('| scenario | effect rule | seed rule | median estimate [interval] |\n|---|---|---|---|');
for (const [name, [baseline, during]] of Object.entries(SCENARIOS)) {
  const effect = [];
  const seed = [];
  const estimates = [];
  for (let k = 0; k < seeds; k++) {
    const p = trialProject(baseline, during, { seed: 5000 + k * 50, count });
    const env = { ...p.env, RETRO_GATE_PROFILE: profile };
    const scorer = gateScorer({ env, cwd: p.root });
    const rows = await transcriptScoreSource({
      mainCheckout: p.root,
      scope: 'current',
      env: p.env,
      scoreTranscript: scorer,
    }).scores();
    const json = trialReviewJson(reviewTrials(p.root, rows, '2026-07-20', { profile })[0]);
    effect.push(json.decision);
    seed.push(reviewTrials(p.root, rows, '2026-07-20', { rule: 'seed' })[0].outcome.action);
    if (json.effect.ci) estimates.push([json.effect.estimate, ...json.effect.ci]);
  }
  const mid = (i) => median(estimates.map((e) => e[i])).toFixed(2);
  const interval = estimates.length === 0 ? 'no interval' : `${mid(0)} [${mid(1)}, ${mid(2)}]`;
  console.log(`| ${name} | ${tally(effect)} | ${tally(seed)} | ${interval} (${estimates.length} with one) |`);
}
