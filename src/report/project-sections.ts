import type { PriceTable } from '../cost/price-table.js';
import type { GateSettings } from '../gate/settings.js';
import type { StoreLocation } from '../store/location.js';
import type { StoreSettings } from '../store/settings.js';
import { todayUtc } from '../trial/dates.js';
import { projectScoreSource } from '../trial/sources.js';
import { buildRulesReport } from './rules.js';
import { readTrialHistory } from './trials.js';
import type { RulesReport, TrialHistory } from './types.js';

/** A project a report adds its rules and trial decisions for. */
export interface ReportProject {
  /** The project's main checkout, absolute. */
  mainCheckout: string;
  /** Context budget per agent above which the weakest rules are proposed for removal (tokens). */
  budget: number;
}

/**
 * The project's trial history, and its rules weighed as `trial list` weighs them, from the report's store
 * (the project's folders are scanned into it first, as a trial review does).
 */
export async function projectSections(
  project: ReportProject,
  store: StoreLocation,
  context: { env: NodeJS.ProcessEnv; gate: GateSettings; storeSettings: StoreSettings; prices: PriceTable },
): Promise<{ trials: TrialHistory; rules: RulesReport }> {
  const { mainCheckout, budget } = project;
  const source = projectScoreSource({
    mainCheckout,
    scope: 'current',
    env: context.env,
    store,
    gate: context.gate,
    storeSettings: context.storeSettings,
  });
  const { profile } = context.gate;
  const rules = await buildRulesReport(mainCheckout, source, {
    today: todayUtc(),
    budget,
    review: { profile },
    prices: context.prices,
  });
  return { trials: readTrialHistory(mainCheckout), rules };
}
