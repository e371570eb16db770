import type { WorstCase } from './budget.js';
import { formatDuration } from './duration.js';
import type { ExperimentPlan } from './experiment.js';

/** The plan as `--dry-run` prints it: every run in order, then the worst case against the budget. */
export function renderPlanText(
  plan: ExperimentPlan,
  settings: { agent: string; permissionMode: string },
): string {
  const lines = [
    `Plan: ${plan.runs.length} runs (${plan.tasks.length} tasks × 2 arms × ${plan.runs.length / Math.max(1, plan.tasks.length * 2)} runs), agent ${settings.agent}, permission mode ${settings.permissionMode}`,
  ];
  for (const [i, run] of plan.runs.entries()) lines.push(`  ${String(i + 1).padStart(3)}  ${run.id}`);
  lines.push(worstCaseLine(plan.worst, plan.perRunMs));
  lines.push(plan.misfit ? `Does not fit the budget: ${plan.misfit}` : 'Fits the budget.');
  return `${lines.join('\n')}\n`;
}

function worstCaseLine(worst: WorstCase, perRunMs: number): string {
  const tokens =
    worst.tokens === undefined ? 'tokens unknown until a run reports them' : `${worst.tokens} tokens`;
  const usd = worst.usd === undefined ? 'cost unknown until a run reports it' : `$${worst.usd}`;
  return `Worst case: ${worst.runs} runs × ${formatDuration(perRunMs)} = ${formatDuration(worst.timeMs)} of wall time; ${tokens}; ${usd}`;
}
