import { resolve } from 'node:path';
import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';

/** `--pricing FILE`: the commands that show cost take it alike. */
export const PRICING = {
  type: 'string',
  arg: 'FILE',
  description:
    'price tokens with this JSON price table first, the bundled one for other models (docs/cost.md)',
  default: 'the bundled @pydantic/genai-prices table',
} as const;

/**
 * The price table `--pricing` names (relative to the working folder), else the bundled one. The file's
 * reader (and its schema library) loads only when one is named: start-up stays as it was without it.
 */
export async function priceTableFrom(value: string | undefined, cwd: string): Promise<PriceTable> {
  if (value === undefined) return bundledPriceTable();
  const { pricingFromFile } = await import('../cost/pricing-file.js');
  return pricingFromFile(resolve(cwd, value));
}
