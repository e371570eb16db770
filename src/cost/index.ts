// What friction costs (docs/cost.md): usage read from transcripts, stored as tokens, priced when shown.

export { ClaudeUsageCollector } from './claude-usage.js';
export { FRICTION_SIGNALS, type FrictionSignal, frictionStretches } from './friction.js';
export {
  BUNDLED_PRICES,
  bundledPriceTable,
  type PriceSource,
  type PriceTable,
  type TokenRates,
} from './price-table.js';
export { pricingFromFile } from './pricing-file.js';
export { readSessionUsage, USAGE_HOSTS } from './read-usage.js';
export { costAt, type SessionCost, type ShownTokens, sessionCost } from './session-cost.js';
export { INPUT_BANDS, type SessionUsage, sessionUsage, type UsageEntry } from './session-usage.js';
export { type TokenCounts, totalTokens } from './tokens.js';
