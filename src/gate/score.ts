import type { MessageId } from '../transcript/types.js';
import type { SignalHits } from './machine.js';
import { SIGNAL_NAMES, SIGNAL_RULES, type SignalName } from './signals.js';

export interface GateSignal {
  name: SignalName;
  count: number;
  ids: MessageId[];
}

/** The gate's answer, in the seed's output shape. */
export interface GateVerdict {
  score: number;
  passed: boolean;
  threshold: number;
  signals: GateSignal[];
  error?: string;
}

const HIT_KEYS: Record<SignalName, keyof SignalHits> = { S1: 's1', S2: 's2', S3: 's3', S4: 's4', S5: 's5' };

/** Python's round(x, 2) for our sums (multiples of 0.5 are exact; this guards against float noise). */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** score = Σ weight · min(count, cap); signals in order S1..S5, only those with hits. */
export function scoreHits(hits: SignalHits, threshold: number): GateVerdict {
  const signals: GateSignal[] = [];
  let score = 0;
  for (const name of SIGNAL_NAMES) {
    const rule = SIGNAL_RULES[name];
    const found = hits[HIT_KEYS[name]];
    if (found.length === 0) continue;
    const count = rule.cap === undefined ? found.length : Math.min(found.length, rule.cap);
    score += rule.weight * count;
    signals.push({ name, count, ids: found.slice(0, rule.maxIds) });
  }
  score = round2(score);
  return { score, passed: score >= threshold, threshold, signals };
}

export function zeroVerdict(threshold: number, error?: string): GateVerdict {
  const verdict: GateVerdict = { score: 0, passed: false, threshold, signals: [] };
  if (error !== undefined) verdict.error = error;
  return verdict;
}
