// `gate --why`'s cost lines: what each anchor's stretch cost. A module of its own, loaded only for --why, so
// the verdict's start-up reads no usage and loads no price table.
import { anchorCosts } from '../../../cost/anchor-cost.js';
import { ClaudeUsageCollector } from '../../../cost/claude-usage.js';
import type { PriceTable } from '../../../cost/price-table.js';
import { usd } from '../../../cost/usd.js';
import { RetrospectError } from '../../../errors/errors.js';
import { type gateSessionSync, shownMessageId } from '../../../gate/index.js';
import { type CliIo, println } from '../../io.js';
import { priceTableFrom } from '../../pricing-option.js';

type GateRun = ReturnType<typeof gateSessionSync>;

export interface WhyCost {
  /** The reader the gate's pass shows each assistant line to. */
  usage: ClaudeUsageCollector;
  /** The lines the --why table ends with, for the gate's result. */
  lines(result: GateRun): string[];
}

/** The collector and the price table for one --why run; a bad --pricing file is said and the bundled prices used. */
export async function whyCost(pricing: string | undefined, io: CliIo): Promise<WhyCost> {
  let prices: PriceTable;
  try {
    prices = await priceTableFrom(pricing, io.cwd);
  } catch (error) {
    // The gate always answers: a bad --pricing file is said, and the bundled prices used.
    if (!(error instanceof RetrospectError)) throw error;
    println(io.stderr, `retrospect gate: ${error.message}; using the bundled prices`);
    prices = await priceTableFrom(undefined, io.cwd);
  }
  const usage = new ClaudeUsageCollector();
  return { usage, lines: (result) => costLines(result, usage, prices) };
}

/** What each anchor's stretch cost (docs/cost.md), when the transcript records usage. */
function costLines(result: GateRun, usage: ClaudeUsageCollector, prices: PriceTable): string[] {
  const records = result.tapped ? usage.records() : undefined;
  if (!result.tapped) return [];
  if (records === undefined) return ['Cost: the transcript records no usage'];
  if (!result.timeline || !result.hits) return [];
  const anchors = anchorCosts(result.timeline, result.hits, records, prices);
  const source = prices.sources.map((s) => `${s.name} of ${s.date}`).join(', then ');
  const lines = [`Cost of each anchor's stretch (at API prices; ${source}):`];
  if (anchors.length === 0) lines.push('(no friction)');
  for (const a of anchors)
    lines.push(
      `  ${a.signal} ${shownMessageId(a.id)}: ${a.calls} call${a.calls === 1 ? '' : 's'}, ${a.tokens.toLocaleString('en-US')} tokens, ${a.costUsd === null ? 'not priced' : usd(a.costUsd)}`,
    );
  return lines;
}
