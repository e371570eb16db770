import { readFileSync } from 'node:fs';
import { calcPrice, waitForUpdate } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import { compactPriceData, installedPriceData } from '../../scripts/price-data.mjs';
import { BUNDLED_PRICE_PACKAGE } from './bundled-price-version.js';
import { BUNDLED_PRICES_FILE, bundledModelPrices, type ModelMatch } from './bundled-prices.js';

/** Every model id a match clause names, and a dated and an undated form of each. */
function namesOf(match: ModelMatch, into: Set<string>): void {
  if ('or' in match) for (const m of match.or) namesOf(m, into);
  else if ('and' in match) for (const m of match.and) namesOf(m, into);
  else if ('regex' in match) return;
  else {
    const name = Object.values(match)[0] as string;
    into.add(name);
    into.add(`${name}-20250514`);
    into.add(`${name.toUpperCase()} `);
  }
}

const TOKEN_KEYS = [
  'input_mtok',
  'output_mtok',
  'cache_write_mtok',
  'cache_read_mtok',
  'cache_write_1h_mtok',
];
function tokenPrices(prices: Record<string, unknown> | undefined) {
  if (!prices) return undefined;
  return Object.fromEntries(TOKEN_KEYS.filter((k) => prices[k] !== undefined).map((k) => [k, prices[k]]));
}

describe('the bundled price table', () => {
  it('is the installed package’s table, as the build derived it', async () => {
    const installed = await installedPriceData();
    expect(BUNDLED_PRICE_PACKAGE).toBe(installed.version);
    expect(JSON.parse(readFileSync(BUNDLED_PRICES_FILE, 'utf8'))).toEqual(installed.providers);
  });

  it('prices every model the package names as the package does, on every date a price changed', async () => {
    const providers = (await waitForUpdate()) as {
      id: string;
      models: { id: string; match: ModelMatch; prices: unknown }[];
    }[];
    const names = new Set<string>([
      'claude-sonnet-4-5-20250929',
      'claude-opus-4-6',
      'claude-haiku-4-5-20251001',
      'gpt-5.1-codex',
      'gpt-5-codex',
      'gemini-2.5-pro',
      'gemini-3-pro-preview',
      '<synthetic>',
      'a-model-no-table-knows',
    ]);
    const dates = new Set(['2025-01-01T00:00:00Z', '2026-11-30T12:00:00Z', '2026-11-30T03:00:00Z']);
    for (const provider of providers)
      for (const model of provider.models) {
        names.add(model.id);
        namesOf(model.match, names);
        for (const variant of Array.isArray(model.prices) ? model.prices : [])
          if (variant.constraint?.start_date) dates.add(`${variant.constraint.start_date}T00:00:00Z`);
      }
    expect(names.size).toBeGreaterThan(3000);
    let compared = 0;
    for (const name of names)
      for (const date of dates) {
        const at = new Date(date);
        let theirs: Record<string, unknown> | undefined;
        try {
          theirs = calcPrice({ input_tokens: 1, output_tokens: 1 }, name, { timestamp: at })?.model_price as
            | Record<string, unknown>
            | undefined;
        } catch {
          theirs = undefined;
        }
        expect(tokenPrices(bundledModelPrices(name, at)), `${name} at ${date}`).toEqual(tokenPrices(theirs));
        compared++;
      }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('keeps only token prices, and every model in its order', () => {
    const compact = compactPriceData([
      {
        id: 'p',
        name: 'P',
        model_match: { contains: 'p' },
        extractors: [],
        models: [
          { id: 'a', name: 'A', match: { equals: 'p-a' }, prices: { input_mtok: 1, requests_kcount: 2 } },
          { id: 'b', match: { equals: 'p-b' }, prices: { web_searches_kcount: 10 } },
        ],
      },
    ]);
    expect(compact).toEqual([
      {
        id: 'p',
        model_match: { contains: 'p' },
        models: [
          { id: 'a', match: { equals: 'p-a' }, prices: { input_mtok: 1 } },
          { id: 'b', match: { equals: 'p-b' }, prices: {} },
        ],
      },
    ]);
  });
});
