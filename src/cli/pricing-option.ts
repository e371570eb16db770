import { resolve } from 'node:path';
import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { pricingFromFile } from '../cost/pricing-file.js';

/** `--pricing FILE`: the commands that show cost take it alike. */
export const PRICING = {
  type: 'string',
  arg: 'FILE',
  description:
    'price tokens with this JSON price table first, the bundled one for other models (docs/cost.md)',
  default: 'the bundled @pydantic/genai-prices table',
} as const;

/** The price table `--pricing` names (relative to the working folder), else the bundled one. */
export function priceTableFrom(value: string | undefined, cwd: string): PriceTable {
  return value === undefined ? bundledPriceTable() : pricingFromFile(resolve(cwd, value));
}
