import type { SignalHits } from '../gate/machine.js';
import type { TimelineTurn } from '../gate/timeline.js';
import { type FrictionSignal, frictionStretches } from './friction.js';
import { addTokens, type TokenCounts, zeroTokens } from './tokens.js';
import type { UsageRecord } from './usage-record.js';

/**
 * How large a call's input was, in the bands price tables change price at (Anthropic's and Google's 200k,
 * OpenAI's 272k, others' 128k): calls are summed per band so that a tiered price is still applied right
 * after summing. A band is named by its lower bound.
 */
export const INPUT_BANDS = [0, 128_000, 200_000, 272_000] as const;

function bandOf(tokens: TokenCounts): number {
  const input = tokens.input + tokens.cache_write + tokens.cache_read;
  let band = 0;
  for (const bound of INPUT_BANDS) if (input >= bound) band = bound;
  return band;
}

/** The calls of one model, input band and friction signal (none: not friction), summed. */
export interface UsageEntry {
  model: string;
  band: number;
  signal: FrictionSignal | null;
  calls: number;
  tokens: TokenCounts;
}

/**
 * What a session used, as stored: tokens only, never money, so that a price table's update or a `--pricing`
 * file applies to stored sessions without reading them again. `entries` is null when the transcript records
 * no usage (a host that keeps none, or an old file), which is not the same as no tokens.
 */
export interface SessionUsage {
  version: 1;
  entries: UsageEntry[] | null;
  /** The session's first call, whose date chooses among a model's dated prices. */
  firstAt: string | null;
  /** Set when some usage is tied to no line (a host that records it per session): the friction share is unknown. */
  frictionUnknown?: true;
}

/** The usage summary of one session from its calls, the gate's turns and the gate's (uncapped) hits. */
export function sessionUsage(
  records: readonly UsageRecord[] | undefined,
  timeline: readonly TimelineTurn[] | undefined,
  hits: SignalHits | undefined,
): SessionUsage {
  if (records === undefined) return { version: 1, entries: null, firstAt: null };
  // The agent's turns each signal marks, by their line (the gate reads the same lines as the usage reader).
  const signalOfLine = new Map<number, FrictionSignal>();
  if (timeline && hits)
    for (const [index, signal] of frictionStretches(timeline, hits))
      signalOfLine.set(timeline[index]!.lineNo, signal);
  const rank = (signal: FrictionSignal) => Number(signal.slice(1));
  const signalOf = (record: UsageRecord): FrictionSignal | null => {
    if (signalOfLine.size === 0) return null;
    let best: FrictionSignal | null = null;
    for (const line of [record.lineNo, ...(record.moreLines ?? [])]) {
      const signal = signalOfLine.get(line);
      if (signal && (best === null || rank(signal) < rank(best))) best = signal;
    }
    return best;
  };
  const entries = new Map<string, UsageEntry>();
  let firstAt: string | null = null;
  let frictionUnknown = false;
  for (const record of records) {
    if (record.lineNo < 0) frictionUnknown = true;
    firstAt ??= record.timestamp ?? null;
    const band = bandOf(record.tokens);
    const signal = signalOf(record);
    const key = `${record.model}\u0000${band}\u0000${signal ?? ''}`;
    let entry = entries.get(key);
    if (!entry) {
      entry = { model: record.model, band, signal, calls: 0, tokens: zeroTokens() };
      entries.set(key, entry);
    }
    entry.calls += 1;
    addTokens(entry.tokens, record.tokens);
  }
  return {
    version: 1,
    entries: [...entries.values()],
    firstAt,
    ...(frictionUnknown ? { frictionUnknown: true } : {}),
  };
}
