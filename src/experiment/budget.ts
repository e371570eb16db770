import { formatDuration } from './duration.js';

/** The most an experiment may spend. Every limit is optional; the ones given are hard. */
export interface ExperimentBudget {
  runs?: number;
  /** Wall time over the whole experiment, milliseconds. */
  timeMs?: number;
  /** Tokens the agent reports (input + output, cache reads and writes included). */
  tokens?: number;
  /** Money the agent reports, US dollars. */
  usd?: number;
}

/** What the plan can cost at most, as far as it is known before it runs. */
export interface WorstCase {
  runs: number;
  /** Runs × (the agent's time limit + the check's), milliseconds. */
  timeMs: number;
  /** Runs left × the most tokens a finished run used; undefined before any run reported usage. */
  tokens: number | undefined;
  usd: number | undefined;
}

export function worstCase(
  runsLeft: number,
  perRunMs: number,
  finished: readonly { tokens: number | undefined; usd: number | undefined }[],
): WorstCase {
  const most = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length === 0 ? undefined : Math.max(...known);
  };
  const tokens = most(finished.map((r) => r.tokens));
  const usd = most(finished.map((r) => r.usd));
  return {
    runs: runsLeft,
    timeMs: runsLeft * perRunMs,
    tokens: tokens === undefined ? undefined : tokens * runsLeft,
    usd: usd === undefined ? undefined : Math.round(usd * runsLeft * 100) / 100,
  };
}

/**
 * Why the plan does not fit the budget (one line), or undefined when it does. Runs and wall time are
 * known up front and must fit before anything starts; tokens and money are only known once runs report
 * them, so they are checked again before every run (see overBudgetBeforeRun).
 */
export function budgetMisfit(worst: WorstCase, budget: ExperimentBudget, spentMs = 0): string | undefined {
  if (budget.runs !== undefined && worst.runs > budget.runs)
    return `the plan has ${worst.runs} runs and the budget allows ${budget.runs}: fewer runs per arm, or fewer tasks`;
  if (budget.timeMs !== undefined && spentMs + worst.timeMs > budget.timeMs)
    return `the plan's worst case is ${formatDuration(spentMs + worst.timeMs)} of wall time and the budget allows ${formatDuration(budget.timeMs)}: fewer runs, a shorter time limit, or a larger budget`;
  if (budget.tokens !== undefined && worst.tokens !== undefined && worst.tokens > budget.tokens)
    return `the runs left may use ${worst.tokens} tokens (as many as the largest run so far, each) and the budget allows ${budget.tokens}`;
  if (budget.usd !== undefined && worst.usd !== undefined && worst.usd > budget.usd)
    return `the runs left may cost $${worst.usd} (as much as the dearest run so far, each) and the budget allows $${budget.usd}`;
  return undefined;
}

/** Totals so far. */
export interface Spent {
  runs: number;
  timeMs: number;
  tokens: number;
  usd: number;
}

/**
 * Why the next run must not start (one line), or undefined: it could take the spending past a limit,
 * judged by the largest run so far (tokens, money) and the time limits (wall time).
 */
export function overBudgetBeforeRun(
  spent: Spent,
  budget: ExperimentBudget,
  perRunMs: number,
  largest: { tokens: number | undefined; usd: number | undefined },
): string | undefined {
  if (budget.runs !== undefined && spent.runs + 1 > budget.runs)
    return `the budget's ${budget.runs} runs are used up`;
  if (budget.timeMs !== undefined && spent.timeMs + perRunMs > budget.timeMs)
    return `the next run could take the wall time past the budget's ${formatDuration(budget.timeMs)} (${formatDuration(spent.timeMs)} spent)`;
  if (budget.tokens !== undefined && spent.tokens + (largest.tokens ?? 0) > budget.tokens)
    return `the next run could take the tokens past the budget's ${budget.tokens} (${spent.tokens} spent)`;
  if (budget.usd !== undefined && spent.usd + (largest.usd ?? 0) > budget.usd)
    return `the next run could take the cost past the budget's $${budget.usd} ($${Math.round(spent.usd * 100) / 100} spent)`;
  return undefined;
}
