import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { loadProfile } from '../rules/load-cost.js';
import { ruleInventory } from '../trial/inventory.js';
import { reviewTrials, type TrialReviewOptions } from '../trial/project-review.js';
import type { SessionScoreSource } from '../trial/scores.js';
import { trialSummary } from '../trial/state.js';
import type { RulesReport } from './types.js';

/**
 * The project's rules for the report, weighed exactly as `trial list` and `retrospect rules` weigh them
 * (the same review on the same sources, the same load profile and prices), so that the page and the
 * commands agree.
 */
export async function buildRulesReport(
  mainCheckout: string,
  source: SessionScoreSource,
  options: { today: string; budget: number; review?: TrialReviewOptions; prices?: PriceTable },
): Promise<RulesReport> {
  const prices = options.prices ?? bundledPriceTable();
  const sessions = await source.scores();
  const evaluations = reviewTrials(mainCheckout, sessions, options.today, { ...options.review, prices });
  const load = loadProfile(sessions, options.today, prices);
  return {
    today: options.today,
    budget: options.budget,
    trials: evaluations.map(trialSummary),
    agents: ruleInventory(mainCheckout, evaluations, options.today, options.budget, load),
    load,
    prices: prices.sources,
  };
}
