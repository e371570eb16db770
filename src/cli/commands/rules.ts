import { UsageError } from '../../errors/errors.js';
import { ruleInventory } from '../../trial/inventory.js';
import { inventoryLines } from '../../trial/inventory-text.js';
import { reviewTrials } from '../../trial/project-review.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { REVIEW_OPTIONS, reviewSettings } from './trial/common.js';

const USAGE =
  'retrospect rules [--mroot P] [--budget TOKENS] [--json] [--today D] [--scope current|all] [--projects-root R] [--rule effect|seed]';

const OPTIONS = {
  ...REVIEW_OPTIONS,
  budget: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The context budget per agent, in estimated tokens, above which the weakest rules are proposed for removal. */
export const DEFAULT_RULE_BUDGET = 800;

/** `retrospect rules`: every rule with its cost, age, trial state and measured effect. Writes nothing. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, OPTIONS, USAGE, 1);
  if (values.help) {
    println(io.stdout, `usage: ${USAGE}\n\nSee docs/trials.md ("What rules cost").`);
    return 0;
  }
  const budgetText = values.budget ?? String(DEFAULT_RULE_BUDGET);
  if (!/^\d+$/.test(budgetText))
    throw new UsageError(`--budget takes a whole number of tokens, got '${budgetText}'`, 1);
  const budget = Number(budgetText);
  const settings = reviewSettings(values, io);
  const sessions = await settings.source.scores();
  const evaluations = reviewTrials(settings.mainCheckout, sessions, settings.today, settings.review);
  const agents = ruleInventory(settings.mainCheckout, evaluations, settings.today, budget);
  if (values.json) println(io.stdout, JSON.stringify({ budget, agents }, null, 2));
  else for (const line of inventoryLines(agents, budget)) println(io.stdout, line);
  return 0;
}
