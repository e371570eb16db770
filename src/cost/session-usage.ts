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
  for (let k = 0; k < INPUT_BANDS.length; k++) if (input >= INPUT_BANDS[k]!) band = INPUT_BANDS[k]!;
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

/** Signals by rank (S1 first) and their index in it; 0 in a line's slot means no signal. */
const RANKED: readonly (FrictionSignal | null)[] = [null, 'S1', 'S2', 'S3', 'S4'];
const RANK: Record<FrictionSignal, number> = { S1: 1, S2: 2, S3: 3, S4: 4 };

/**
 * The usage summary of one session from its calls, the gate's turns and the gate's (uncapped) hits. It runs
 * once per session of a cold scan, over every call: kept to array and integer work (no key strings).
 */
export function sessionUsage(
  records: readonly UsageRecord[] | undefined,
  timeline: readonly TimelineTurn[] | undefined,
  hits: SignalHits | undefined,
): SessionUsage {
  if (records === undefined) return { version: 1, entries: null, firstAt: null };
  // The agent's turns each signal marks, by their line (the gate reads the same lines as the usage reader).
  let rankOfLine: Map<number, number> | undefined;
  if (timeline && hits)
    for (const [index, signal] of frictionStretches(timeline, hits)) {
      rankOfLine ??= new Map();
      rankOfLine.set(timeline[index]!.lineNo, RANK[signal]);
    }
  /** The first-ranked signal marking any line of the call (0: none). */
  const rankOf = (record: UsageRecord): number => {
    if (rankOfLine === undefined) return 0;
    let best = rankOfLine.get(record.lineNo) ?? 0;
    const more = record.moreLines;
    if (more)
      for (let k = 0; k < more.length; k++) {
        const rank = rankOfLine.get(more[k]!);
        if (rank !== undefined && (best === 0 || rank < best)) best = rank;
      }
    return best;
  };
  // Entries in order of first appearance; looked up by model, then by band and signal (few of each).
  const entries: UsageEntry[] = [];
  const byModel = new Map<string, UsageEntry[]>();
  let firstAt: string | null = null;
  let frictionUnknown = false;
  for (const record of records) {
    if (record.lineNo < 0) frictionUnknown = true;
    firstAt ??= record.timestamp ?? null;
    const band = bandOf(record.tokens);
    const signal = RANKED[rankOf(record)]!;
    let ofModel = byModel.get(record.model);
    if (ofModel === undefined) {
      ofModel = [];
      byModel.set(record.model, ofModel);
    }
    let entry: UsageEntry | undefined;
    for (const candidate of ofModel)
      if (candidate.band === band && candidate.signal === signal) {
        entry = candidate;
        break;
      }
    if (!entry) {
      entry = { model: record.model, band, signal, calls: 0, tokens: zeroTokens() };
      ofModel.push(entry);
      entries.push(entry);
    }
    entry.calls += 1;
    addTokens(entry.tokens, record.tokens);
  }
  return {
    version: 1,
    entries,
    firstAt,
    ...(frictionUnknown ? { frictionUnknown: true } : {}),
  };
}
