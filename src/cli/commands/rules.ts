import { UsageError } from '../../errors/errors.js';
import { loadProfile } from '../../rules/load-cost.js';
import { ruleInventory } from '../../trial/inventory.js';
import { inventoryLines } from '../../trial/inventory-text.js';
import { reviewTrials } from '../../trial/project-review.js';
import { defineCommand, parseCommandArgs } from '../args.js';
import { JSON_OUTPUT } from '../common-options.js';
import { type CliIo, println } from '../io.js';
import { priceTableFrom } from '../pricing-option.js';
import { PRICING } from '../pricing-spec.js';
import { REVIEW_OPTIONS, reviewSettings } from './trial/common.js';

/** The context budget per agent, in estimated tokens, above which the weakest rules are proposed for removal. */
export const DEFAULT_RULE_BUDGET = 800;

const SPEC = defineCommand({
  path: 'rules',
  summary: 'List the rules agents load: cost, what they save, age, trial state, measured effect, budget',
  details:
    "Per agent (the seven team agents' directives, then Claude's lessons): each rule's estimated token cost\n(≈), what loading it into every session costs a week beside the friction spend its trial says it saves,\nage, trial state and measured effect, and the agent's total; above --budget the weakest rules are\nproposed for removal. Writes nothing.",
  options: {
    ...REVIEW_OPTIONS,
    budget: {
      type: 'string',
      arg: 'TOKENS',
      description: 'context budget per agent',
      default: String(DEFAULT_RULE_BUDGET),
    },
    pricing: PRICING,
    json: JSON_OUTPUT,
  },
  examples: [
    ['retrospect rules', "this project's rules with what they cost and do"],
    ['retrospect rules --budget 400 --json', 'with a tighter budget, as JSON'],
  ],
  environment: 'CLAUDE_CONFIG_DIR, RETROSPECT_DATA_DIR, RETRO_GATE_PROFILE',
});

/** `retrospect rules`: every rule with its cost, age, trial state and measured effect. Writes nothing. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  const budgetText = values.budget ?? String(DEFAULT_RULE_BUDGET);
  if (!/^\d+$/.test(budgetText))
    throw new UsageError(`--budget takes a whole number of tokens, got '${budgetText}'`);
  const budget = Number(budgetText);
  const settings = reviewSettings(values, io);
  const sessions = await settings.source.scores();
  const prices = await priceTableFrom(values.pricing, io.cwd);
  const evaluations = reviewTrials(settings.mainCheckout, sessions, settings.today, {
    ...settings.review,
    prices,
  });
  const load = loadProfile(sessions, settings.today, prices);
  const agents = ruleInventory(settings.mainCheckout, evaluations, settings.today, budget, load);
  if (values.json)
    println(io.stdout, JSON.stringify({ budget, load, prices: prices.sources, agents }, null, 2));
  else for (const line of inventoryLines(agents, budget, load)) println(io.stdout, line);
  return 0;
}
