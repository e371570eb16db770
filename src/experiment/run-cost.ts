import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { sessionCost } from '../cost/session-cost.js';
import type { SessionUsage } from '../cost/session-usage.js';

/**
 * What a run cost in US dollars at API prices, from its transcript's usage priced by the table
 * (docs/cost.md): so that every agent's runs are priced alike, not only those whose agent reports a cost.
 * Null when the transcript records no usage, or a model it used has no price.
 */
export function runCostUsd(
  usage: SessionUsage | undefined,
  prices: PriceTable = bundledPriceTable(),
): number | null {
  return sessionCost(usage, prices).cost_usd;
}
