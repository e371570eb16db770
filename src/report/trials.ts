import { z } from 'zod';
import { readProjectTextIfExists } from '../fsx/index.js';
import { directiveHistoryPath } from '../trial/history.js';
import type { TrialDecision, TrialHistory } from './types.js';

const sideSchema = z.object({ mean: z.number(), n: z.number().int().nonnegative() });

/**
 * One line of `.claude/retro/directive-history.jsonl`. `trial review --record-decision` writes KEEP and
 * REVERT; DEFER is accepted too, so that a history another tool kept deferrals in still reads.
 */
const historyLineSchema = z.object({
  ts: z.string(),
  agent: z.string(),
  directive: z.string(),
  trial_start: z.string().default(''),
  baseline: sideSchema,
  in_trial: sideSchema,
  decision: z.enum(['KEEP', 'REVERT', 'DEFER', 'INCONCLUSIVE']),
  decided_by: z.string().default(''),
});

function parseLine(line: string): TrialDecision | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = historyLineSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const d = parsed.data;
  return {
    ts: d.ts,
    agent: d.agent,
    directive: d.directive,
    decision: d.decision,
    decidedBy: d.decided_by,
    trialStart: d.trial_start,
    baseline: { mean: d.baseline.mean, n: d.baseline.n },
    inTrial: { mean: d.in_trial.mean, n: d.in_trial.n },
  };
}

/**
 * The trial decisions recorded for the project whose main checkout is `mainCheckout`, oldest first as
 * appended. A line that is not a decision (torn, hand-edited) is skipped and counted rather than failing
 * the report; a missing history is an empty one. The file is only read.
 */
export function readTrialHistory(mainCheckout: string): TrialHistory {
  const text = readProjectTextIfExists(mainCheckout, directiveHistoryPath(mainCheckout)) ?? '';
  const decisions: TrialDecision[] = [];
  let skippedLines = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const decision = parseLine(line);
    if (decision === undefined) skippedLines++;
    else decisions.push(decision);
  }
  return { decisions, skippedLines };
}
