import { resolve } from 'node:path';
import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';

/**
 * The price table `--pricing` names (relative to the working folder), else the bundled one. The file's
 * reader (and its schema library) loads only when one is named: start-up stays as it was without it.
 */
export async function priceTableFrom(value: string | undefined, cwd: string): Promise<PriceTable> {
  if (value === undefined) return bundledPriceTable();
  const { pricingFromFile } = await import('../cost/pricing-file.js');
  return pricingFromFile(resolve(cwd, value));
}
