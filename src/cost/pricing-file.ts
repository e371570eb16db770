import { z } from 'zod';
import { InputError } from '../errors/errors.js';
import { readRegularText } from '../fsx/read-regular.js';
import { bundledPriceTable, layeredPriceTable, type PriceTable, type TokenRates } from './price-table.js';

const RATE = z.number().finite().nonnegative();

const PRICING_FILE = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    models: z.record(
      z.string().min(1),
      z
        .object({
          input_mtok: RATE,
          output_mtok: RATE,
          cache_write_mtok: RATE.optional(),
          cache_read_mtok: RATE.optional(),
          cache_write_1h_mtok: RATE.optional(),
        })
        .strict(),
    ),
  })
  .strict();

const EXPECTED =
  'expected {"date": "YYYY-MM-DD", "models": {"<model id, or a prefix ending in *>": {"input_mtok": N, "output_mtok": N, "cache_write_mtok"?: N, "cache_read_mtok"?: N, "cache_write_1h_mtok"?: N}}} in US dollars per million tokens';

/** Where a zod issue is, as `models.claude-x.input_mtok`. */
function where(issue: z.core.$ZodIssue): string {
  return issue.path.length === 0 ? 'the top level' : issue.path.map(String).join('.');
}

/**
 * A price table read from a `--pricing` file: its models are priced by it (an exact model id, else the
 * longest `prefix*` that matches), every other model by the bundled table. A file that is not such a table
 * is refused with one line saying what was expected.
 */
export function pricingFromFile(path: string, fallback: PriceTable = bundledPriceTable()): PriceTable {
  let text: string;
  try {
    text = readRegularText(path, { maxBytes: 4 * 1024 * 1024 });
  } catch (error) {
    throw new InputError(`cannot read the pricing file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`the pricing file ${path} is not JSON: ${EXPECTED}`);
  }
  const parsed = PRICING_FILE.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(`the pricing file ${path} is not a price table (at ${where(issue)}): ${EXPECTED}`);
  }
  const exact = new Map<string, TokenRates>();
  const prefixes: [string, TokenRates][] = [];
  for (const [key, rates] of Object.entries(parsed.data.models)) {
    const clean = Object.fromEntries(
      Object.entries(rates).filter(([, v]) => v !== undefined),
    ) as unknown as TokenRates;
    if (key.endsWith('*')) prefixes.push([key.slice(0, -1), clean]);
    else exact.set(key, clean);
  }
  prefixes.sort((a, b) => b[0].length - a[0].length);
  return layeredPriceTable(
    {
      source: { name: `pricing file ${path}`, date: parsed.data.date },
      rates: (model) => exact.get(model) ?? prefixes.find(([prefix]) => model.startsWith(prefix))?.[1],
    },
    fallback,
  );
}
