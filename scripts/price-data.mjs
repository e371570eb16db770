// The bundled price table as Retrospect reads it (docs/cost.md): derived from the pinned
// @pydantic/genai-prices package, keeping of each provider only what finds a model (its model match, its
// fallback providers) and of each model only its match and its token prices. Loading the package itself
// costs a scan ~75 ms (830 KB of code); this table is a JSON string parsed once, when a cost is priced.
// Used by scripts/build-prices.mjs (which writes it into the sources) and by the test that keeps it in step.

/** The price keys Retrospect prices (tokens; a call's images, audio and searches are not in transcripts). */
export const TOKEN_PRICE_KEYS = [
  'input_mtok',
  'output_mtok',
  'cache_write_mtok',
  'cache_read_mtok',
  'cache_write_1h_mtok',
];

function tokenPrices(prices) {
  const kept = {};
  for (const key of TOKEN_PRICE_KEYS) if (prices[key] !== undefined) kept[key] = prices[key];
  return kept;
}

/** The compact table from the package's provider data (every model kept, in order: the first match wins). */
export function compactPriceData(providers) {
  return providers.map((provider) => ({
    id: provider.id,
    ...(provider.model_match ? { model_match: provider.model_match } : {}),
    ...(provider.fallback_model_providers
      ? { fallback_model_providers: provider.fallback_model_providers }
      : {}),
    models: provider.models.map((model) => ({
      id: model.id,
      match: model.match,
      prices: Array.isArray(model.prices)
        ? model.prices.map((variant) => ({
            ...(variant.constraint ? { constraint: variant.constraint } : {}),
            prices: tokenPrices(variant.prices),
          }))
        : tokenPrices(model.prices),
    })),
  }));
}

/** The package's version and its compact table, read from the installed package. */
export async function installedPriceData() {
  const { readFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  // The package exports no package.json: its version is read beside its entry point.
  const entry = fileURLToPath(import.meta.resolve('@pydantic/genai-prices'));
  const manifest = join(dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  const { waitForUpdate } = await import('@pydantic/genai-prices');
  return { version, providers: compactPriceData(await waitForUpdate()) };
}
