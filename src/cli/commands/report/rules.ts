import { resolve } from 'node:path';
import type { PriceTable } from '../../../cost/price-table.js';
import { UsageError } from '../../../errors/errors.js';
import type { GateSettings } from '../../../gate/settings.js';
import { buildRulesReport } from '../../../report/rules.js';
import { readTrialHistory } from '../../../report/trials.js';
import type { RulesReport, TrialHistory } from '../../../report/types.js';
import type { StoreLocation } from '../../../store/location.js';
import { resolveStoreSettings } from '../../../store/settings.js';
import { todayUtc } from '../../../trial/dates.js';
import { projectScoreSource } from '../../../trial/sources.js';
import type { CliIo } from '../../io.js';
import { DEFAULT_RULE_BUDGET } from '../rules.js';

/**
 * `report --mroot DIR`: the project's trial history, and its rules weighed as `trial list` weighs them,
 * from the report's store (the project's folders are scanned into it first, as a trial review does).
 */
export async function projectSections(
  mroot: string,
  store: StoreLocation,
  budgetText: string | undefined,
  io: CliIo,
  gate: GateSettings,
  prices: PriceTable,
): Promise<{ trials: TrialHistory; rules: RulesReport }> {
  const budget = budgetText === undefined ? DEFAULT_RULE_BUDGET : Number(budgetText);
  if (budgetText !== undefined && !/^\d+$/.test(budgetText))
    throw new UsageError(`--budget takes a whole number of tokens, got '${budgetText}'`);
  const mainCheckout = resolve(io.cwd, mroot);
  const source = projectScoreSource({
    mainCheckout,
    scope: 'current',
    env: io.env,
    store,
    gate,
    storeSettings: resolveStoreSettings(io.env),
  });
  const { profile } = gate;
  const rules = await buildRulesReport(mainCheckout, source, {
    today: todayUtc(),
    budget,
    review: { profile },
    prices,
  });
  return { trials: readTrialHistory(mroot), rules };
}
