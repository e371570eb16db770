import { BUNDLED_PRICE_PACKAGE } from './bundled-price-version.js';
import { bundledModelPrices } from './bundled-prices.js';

/** A model's prices in US dollars per million tokens of each kind, for one input band. */
export interface TokenRates {
  input_mtok: number;
  output_mtok: number;
  /** Absent: cache writes cost what input does. */
  cache_write_mtok?: number;
  /** Absent: cache reads cost what input does. */
  cache_read_mtok?: number;
  /** Absent: a one-hour cache write costs what a five-minute one does. */
  cache_write_1h_mtok?: number;
}

/** Where prices come from, as shown beside every cost: its name and the date its prices were taken. */
export interface PriceSource {
  name: string;
  date: string;
}

export interface PriceTable {
  /** The sources in the order they are asked (a `--pricing` file first, then the bundled table). */
  sources: PriceSource[];
  /** The rates of a model for calls whose input falls in `band` (its lower bound), made at `at`; undefined: not priced. */
  rates(model: string, band: number, at: Date | undefined): TokenRates | undefined;
}

/**
 * The bundled table: `@pydantic/genai-prices`, pinned in package.json, its token prices taken into
 * bundled-prices.json when Retrospect is built. Its data carries no date of its own, so the date shown is
 * the pinned release's (a test keeps the two in step).
 */
export const BUNDLED_PRICES: PriceSource = {
  name: `@pydantic/genai-prices ${BUNDLED_PRICE_PACKAGE}`,
  date: '2026-09-23',
};

type Tiered = { base: number; tiers: { start: number; price: number }[] };

/** A table price for an input band: the base, or the highest tier whose start the band reaches. */
function atBand(value: unknown, band: number): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'object' || value === null) return undefined;
  const tiered = value as Tiered;
  if (typeof tiered.base !== 'number') return undefined;
  let price = tiered.base;
  for (const tier of tiered.tiers ?? []) if (band >= tier.start) price = tier.price;
  return price;
}

function bundledRates(model: string, band: number, at: Date | undefined): TokenRates | undefined {
  const prices = bundledModelPrices(model, at ?? new Date());
  if (!prices) return undefined;
  const input = atBand(prices.input_mtok, band);
  const output = atBand(prices.output_mtok, band);
  if (input === undefined || output === undefined) return undefined;
  const rates: TokenRates = { input_mtok: input, output_mtok: output };
  const write = atBand(prices.cache_write_mtok, band);
  const read = atBand(prices.cache_read_mtok, band);
  const writeHour = atBand(prices.cache_write_1h_mtok, band);
  if (write !== undefined) rates.cache_write_mtok = write;
  if (read !== undefined) rates.cache_read_mtok = read;
  if (writeHour !== undefined) rates.cache_write_1h_mtok = writeHour;
  return rates;
}

/** The bundled price table, looked up once per model, band and day. */
export function bundledPriceTable(): PriceTable {
  // By model, then by band and UTC day as one number (no key string made per entry priced).
  const memo = new Map<string, Map<number, TokenRates | undefined>>();
  return {
    sources: [BUNDLED_PRICES],
    rates(model, band, at) {
      let ofModel = memo.get(model);
      if (ofModel === undefined) {
        ofModel = new Map();
        memo.set(model, ofModel);
      }
      // Bands are whole numbers of tokens; a day before 2243 is below 100,000; no date: a negative key.
      const key = at === undefined ? -1 - band : band * 100_000 + Math.floor(at.getTime() / 86_400_000);
      if (!ofModel.has(key)) ofModel.set(key, bundledRates(model, band, at));
      return ofModel.get(key);
    },
  };
}

/** A table whose own models come first and whose other models `fallback` prices. */
export function layeredPriceTable(
  own: { source: PriceSource; rates: (model: string) => TokenRates | undefined },
  fallback: PriceTable,
): PriceTable {
  return {
    sources: [own.source, ...fallback.sources],
    rates: (model, band, at) => own.rates(model) ?? fallback.rates(model, band, at),
  };
}
