import { readFileSync } from 'node:fs';

/** How the price table names the models a price is for (genai-prices' match clauses). */
export type ModelMatch =
  | { or: ModelMatch[] }
  | { and: ModelMatch[] }
  | { equals: string }
  | { starts_with: string }
  | { ends_with: string }
  | { contains: string }
  | { regex: string };

type Price = number | { base: number; tiers: { start: number; price: number }[] };
export type ModelPrices = Partial<Record<string, Price>>;
type Constraint =
  | { type: 'start_date'; start_date: string }
  | { type: 'time_of_date'; start_time: string; end_time: string };

interface BundledModel {
  id: string;
  match: ModelMatch;
  prices: ModelPrices | { constraint?: Constraint; prices: ModelPrices }[];
}

interface BundledProvider {
  id: string;
  model_match?: ModelMatch;
  fallback_model_providers?: string[];
  models: BundledModel[];
}

/** The table as the build wrote it beside this module (scripts/build-prices.mjs). */
export const BUNDLED_PRICES_FILE = new URL('./bundled-prices.json', import.meta.url);

let providers: BundledProvider[] | undefined;
/** The table, read on first use: a scan or a gate that shows no cost never pays for it. */
function bundledProviders(): BundledProvider[] {
  providers ??= JSON.parse(readFileSync(BUNDLED_PRICES_FILE, 'utf8')) as BundledProvider[];
  return providers;
}

const regexes = new Map<string, RegExp>();
function matches(match: ModelMatch, model: string): boolean {
  if ('or' in match) return match.or.some((m) => matches(m, model));
  if ('and' in match) return match.and.every((m) => matches(m, model));
  const lower = model.toLowerCase();
  if ('equals' in match) return lower === match.equals.toLowerCase();
  if ('starts_with' in match) return lower.startsWith(match.starts_with.toLowerCase());
  if ('ends_with' in match) return lower.endsWith(match.ends_with.toLowerCase());
  if ('contains' in match) return lower.includes(match.contains.toLowerCase());
  let regex = regexes.get(match.regex);
  if (!regex) {
    regex = new RegExp(match.regex);
    regexes.set(match.regex, regex);
  }
  return regex.test(model);
}

function modelOf(provider: BundledProvider, model: string, all: BundledProvider[]): BundledModel | undefined {
  const own = provider.models.find((m) => matches(m.match, model));
  if (own) return own;
  for (const id of provider.fallback_model_providers ?? []) {
    const fallback = all.find((p) => p.id === id);
    const found = fallback?.models.find((m) => matches(m.match, model));
    if (found) return found;
  }
  return undefined;
}

/** `-20250514` read as `-2025-05-14`, as the package retries a model id it does not know. */
const COMPACT_DATE = /(-)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=-|:|$)/g;
function dashedDates(model: string): string {
  return model.replace(COMPACT_DATE, (whole, dash: string, y: string, m: string, d: string) => {
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return date.getUTCFullYear() !== Number(y) ||
      date.getUTCMonth() !== Number(m) - 1 ||
      date.getUTCDate() !== Number(d)
      ? whole
      : `${dash}${y}-${m}-${d}`;
  });
}

/** Seconds since midnight UTC of `HH:MM:SS[.fff](Z|±HH:MM)`. */
function secondsOfDay(time: string): number {
  const parsed = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))$/.exec(time);
  if (!parsed) return Number.NaN;
  const [, h, m, s, fraction = '', zone, sign, oh = '00', om = '00'] = parsed;
  const offset = (Number(oh) * 60 + Number(om)) * 60;
  const local = Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(`0.${fraction}`);
  return (local - (zone === 'Z' ? 0 : sign === '+' ? offset : -offset) + 86400) % 86400;
}

function pricesAt(model: BundledModel, at: Date): ModelPrices {
  if (!Array.isArray(model.prices)) return model.prices;
  // The last variant whose constraint holds wins; the first is the default.
  for (let i = model.prices.length - 1; i >= 0; i--) {
    const variant = model.prices[i]!;
    const constraint = variant.constraint;
    if (constraint === undefined) return variant.prices;
    if (constraint.type === 'start_date') {
      if (at >= new Date(constraint.start_date)) return variant.prices;
    } else {
      const now =
        at.getUTCHours() * 3600 +
        at.getUTCMinutes() * 60 +
        at.getUTCSeconds() +
        at.getUTCMilliseconds() / 1000;
      const from = secondsOfDay(constraint.start_time);
      const to = secondsOfDay(constraint.end_time);
      if (to < from ? now >= from || now < to : now >= from && now < to) return variant.prices;
    }
  }
  return model.prices[0]!.prices;
}

/**
 * A model's token prices in the bundled table at a time, found as @pydantic/genai-prices' calcPrice finds
 * them (the provider whose match takes the model id, its first model that matches, then its fallback
 * providers', then the id with its date dashed); undefined when no model matches. A test checks the two
 * agree on every model the table names.
 */
export function bundledModelPrices(model: string, at: Date): ModelPrices | undefined {
  const found = bundledModelOf(model);
  return found ? pricesAt(found, at) : undefined;
}

// The table's model for each model id asked about: which model matches does not depend on the date, and
// finding it walks thousands of match clauses (a scan asks once per model, input band and day: pricing the
// 1,275 real sessions of the gate corpus and the real tree took 57 ms of CPU cold with a walk each, 39 ms so).
const modelsById = new Map<string, BundledModel | undefined>();

function bundledModelOf(model: string): BundledModel | undefined {
  if (modelsById.has(model)) return modelsById.get(model);
  const all = bundledProviders();
  const id = model.toLowerCase().trim();
  const provider = all.find((p) => p.model_match !== undefined && matches(p.model_match, id));
  let found = provider && modelOf(provider, id, all);
  if (provider && !found) {
    const dashed = dashedDates(id);
    if (dashed !== id) found = modelOf(provider, dashed, all);
  }
  modelsById.set(model, found);
  return found;
}
