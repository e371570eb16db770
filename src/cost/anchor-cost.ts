import type { SignalHits } from '../gate/machine.js';
import type { TimelineTurn } from '../gate/timeline.js';
import { anchoredHits, type FrictionSignal, stretchOf } from './friction.js';
import type { PriceTable } from './price-table.js';
import { costAt } from './session-cost.js';
import { INPUT_BANDS } from './session-usage.js';
import { addTokens, type TokenCounts, totalTokens, zeroTokens } from './tokens.js';
import type { UsageRecord } from './usage-record.js';

/** What one anchor's stretch cost (`gate --why`): its own stretch, whatever other anchors share of it. */
export interface AnchorCost {
  signal: FrictionSignal;
  id: string;
  calls: number;
  tokens: number;
  /** Null when a model of the stretch has no price. */
  costUsd: number | null;
}

function bandOf(tokens: TokenCounts): number {
  const input = tokens.input + tokens.cache_write + tokens.cache_read;
  let band = 0;
  for (const bound of INPUT_BANDS) if (input >= bound) band = bound;
  return band;
}

/** The cost of each anchor's stretch, in the gate's order of signals and hits. */
export function anchorCosts(
  timeline: readonly TimelineTurn[],
  hits: SignalHits,
  records: readonly UsageRecord[],
  prices: PriceTable,
): AnchorCost[] {
  const callOfLine = new Map<number, UsageRecord>();
  for (const record of records)
    for (const line of [record.lineNo, ...(record.moreLines ?? [])]) callOfLine.set(line, record);
  // A message that counted twice for one signal (two retry phrases) is one stretch.
  const seen = new Set<string>();
  const unique = anchoredHits(timeline, hits).filter((hit) => {
    const key = `${hit.signal}\u0000${hit.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.map((hit) => {
    const calls = new Set<UsageRecord>();
    for (const index of stretchOf(timeline, hit.signal, hit.at)) {
      const call = callOfLine.get(timeline[index]!.lineNo);
      if (call) calls.add(call);
    }
    const tokens = zeroTokens();
    let costUsd: number | null = 0;
    for (const call of calls) {
      addTokens(tokens, call.tokens);
      const at = call.timestamp ? new Date(call.timestamp) : undefined;
      const rates = prices.rates(
        call.model,
        bandOf(call.tokens),
        at && !Number.isNaN(at.getTime()) ? at : undefined,
      );
      if (!rates) costUsd = totalTokens(call.tokens) === 0 ? costUsd : null;
      else if (costUsd !== null) costUsd += costAt(call.tokens, rates);
    }
    return { signal: hit.signal, id: hit.id, calls: calls.size, tokens: totalTokens(tokens), costUsd };
  });
}
