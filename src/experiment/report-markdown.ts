import { MEASURE_LABELS, MEASURES, type MeasureEffect, type MeasureName } from './effects.js';
import type { ExperimentReport } from './report-json.js';

const fmt = (x: number | null, places = 2) =>
  x === null ? '–' : String(Math.round(x * 10 ** places) / 10 ** places);

/** A deciding measure's smallest effect in its own units: points of the share, or friction points. */
function sizeWords(measure: MeasureName, size: number): string {
  return measure === 'friction'
    ? `${fmt(size)} points per 100 turns`
    : `${fmt(size * 100, 1)} points of its pass share`;
}

/** What an effect says in words: claimed, ruled out or undecided against its smallest effect, and which way. */
export function effectWords(name: string, effect: MeasureEffect, measure?: MeasureName): string {
  if (effect.low === null || effect.high === null)
    return `${name}: too few runs for an interval (${effect.n.with} with, ${effect.n.without} without)`;
  const between = `${fmt(effect.estimate)} [${fmt(effect.low)}, ${fmt(effect.high)}]`;
  if (effect.shown === null || effect.min_effect === null || measure === undefined)
    return `${name}: ${between}`;
  const smallest = sizeWords(measure, effect.min_effect);
  const lower = effect.high < 0;
  if (effect.shown)
    return `${name}: ${between}, ${lower ? 'lower' : 'higher'} with the rules by more than ${smallest} (${effect.verdict === 'better' ? 'better' : 'worse'})`;
  if (effect.verdict === 'no-effect') return `${name}: ${between}, no effect of at least ${smallest}`;
  const ruledOut =
    effect.rules_out_beyond === null
      ? ''
      : `; it rules out an effect of more than ${sizeWords(measure, effect.rules_out_beyond)}`;
  return `${name}: ${between}, no effect claimed (the interval does not lie wholly beyond ${smallest}${ruledOut})`;
}

/** The verdict in one sentence: which deciding measures an effect is claimed on, none, or ruled out. */
export function verdictLine(report: ExperimentReport): string {
  const claimed = report.decision.claimed.map((m) => (m === 'check_pass' ? 'the task check' : m));
  const smallest = `friction ${sizeWords('friction', report.decision.min_effect.friction)}, the check ${sizeWords('check_pass', report.decision.min_effect.check_pass)}`;
  if (report.decision.outcome === 'effect')
    return `**An effect is shown** on ${claimed.join(' and ')} (with-arm minus without-arm below; its interval lies beyond the smallest effect worth claiming: ${smallest}).`;
  if (report.decision.outcome === 'no-effect')
    return `**No effect of at least the smallest effect worth claiming** (${smallest}): both intervals lie within it.`;
  return `**No effect shown**: neither friction nor the task check moved beyond the smallest effect worth claiming (${smallest}), and the runs are too few to rule it out.`;
}

/** How the claim was decided, and what that allows by chance. */
export function decisionLine(report: ExperimentReport): string {
  const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;
  if (!report.decision.measures.includes('check_pass'))
    return `An effect is claimed only on friction (the tasks name no check, so it takes the whole error), so that a rule whose effect is no larger than the smallest worth claiming shows one in at most ${pct(report.decision.familywise_alpha)} of experiments (a rule that does nothing, far fewer); the other measures are reported, not claimed.`;
  return `An effect is claimed only on friction or the task check, judged together (Holm's step-down), so that a rule whose effect is no larger than the smallest worth claiming shows one in at most ${pct(report.decision.familywise_alpha)} of experiments (a rule that does nothing, far fewer); the other measures are reported, not claimed.`;
}

/** The experiment's report as Markdown: the verdict, the effects table, the arms, and every run. */
export function renderExperimentMarkdown(report: ExperimentReport): string {
  const lines: string[] = [];
  const s = report.settings;
  lines.push('# Experiment: the same tasks with and without the rules', '');
  lines.push(
    `${report.tasks.length} task${report.tasks.length === 1 ? '' : 's'}, ${s.runs_per_arm} run${s.runs_per_arm === 1 ? '' : 's'} per arm each, agent \`${s.agent}\`${s.model ? ` (${s.model})` : ''}, permission mode \`${s.permission_mode}\`, seed ${s.seed}; rules from \`${report.rules.source}\`. ${report.finished} of ${report.planned} runs finished.`,
    '',
  );
  if (report.stopped) lines.push(`**Stopped early:** ${report.stopped}`, '');
  lines.push(`${verdictLine(report)} ${decisionLine(report)}`, '');
  lines.push(
    '| Measure | With − without | Low | High | Level | Runs (with / without) | Smallest effect | Verdict | Rules out beyond | False-positive rate | Power |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const m of MEASURES) {
    const e = report.effects[m];
    const pct = (x: number | null) => (x === null ? '–' : `${fmt(x * 100, 2)}%`);
    lines.push(
      `| ${MEASURE_LABELS[m]} | ${fmt(e.estimate)} | ${fmt(e.low)} | ${fmt(e.high)} | ${fmt(e.level * 100, 1)}% | ${e.n.with} / ${e.n.without} | ${fmt(e.min_effect)} | ${e.verdict ?? 'reported'} | ${fmt(e.rules_out_beyond)} | ${pct(e.false_positive_rate)} | ${e.power} |`,
    );
  }
  lines.push(
    '',
    '## Arms',
    '',
    '| Arm | Runs | Friction median | Check passed | Tokens median | Cost | Turns median | Wall median (s) | Retry phrases | Timed out |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const arm of ['with', 'without'] as const) {
    const a = report.arms[arm];
    lines.push(
      `| ${arm} | ${a.runs} | ${fmt(a.friction.median)} | ${a.check.checked === 0 ? '–' : `${a.check.passed} / ${a.check.checked}`} | ${fmt(a.tokens.median, 0)} | ${a.usd.total === null ? '–' : `$${fmt(a.usd.total)}`} | ${fmt(a.turns.median, 1)} | ${fmt(a.wall_seconds.median, 1)} | ${a.phrasing.total} | ${a.timedOut} |`,
    );
  }
  lines.push(
    '',
    '## Runs',
    '',
    '| Run | Arm | Status | Friction | Check | Tokens | Turns | Wall (s) | Transcript |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of report.runs) {
    const check = r.measures.check_pass === null ? '–' : r.measures.check_pass ? 'passed' : 'failed';
    lines.push(
      `| ${r.id} | ${r.arm} | ${r.status} | ${fmt(r.measures.friction)} | ${check} | ${r.measures.tokens ?? '–'} | ${r.measures.turns ?? '–'} | ${fmt(r.measures.wall_seconds, 1)} | ${r.transcript ? `[transcript](${r.transcript})` : '–'} |`,
    );
  }
  lines.push(
    '',
    "Friction counts the signals a rule's wording cannot move (S1 rejections and corrections, S2 failing tool calls in a row, S3 rework, S5 terse follow-ups) per 100 turns; the agent's own retry phrases (S4) are shown and not counted. Friction, tokens, turns and wall time: Hodges–Lehmann shift with its Mann–Whitney interval; the check: difference of pass shares with Newcombe's interval. See docs/experiment.md.",
    '',
  );
  return lines.join('\n');
}
