import type { MessageId } from '../transcript/types.js';
import { CALIBRATED_RULES } from './calibrated/rules.js';
import type { SignalHits } from './machine.js';
import type { GateProfile } from './profile.js';
import { SIGNAL_NAMES, SIGNAL_RULES, type SignalName, type SignalRules } from './signals.js';

export interface GateSignal {
  name: SignalName;
  count: number;
  ids: MessageId[];
}

/** The gate's answer, in the shape of docs/design/session-retro.md §2. */
export interface GateVerdict {
  score: number;
  passed: boolean;
  threshold: number;
  signals: GateSignal[];
  error?: string;
  /** Set for every profile but the seed, whose output stays byte-identical to the original gate's. */
  profile?: GateProfile;
}

const HIT_KEYS: Record<SignalName, keyof SignalHits> = { S1: 's1', S2: 's2', S3: 's3', S4: 's4', S5: 's5' };

/** Python's round(x, 2) for our sums (multiples of 0.5 are exact; this guards against float noise). */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The signal that these hits make (count capped, anchor ids trimmed); undefined when there are none. */
export function signalOf(
  name: SignalName,
  found: MessageId[],
  rules: SignalRules = SIGNAL_RULES,
): GateSignal | undefined {
  if (found.length === 0) return undefined;
  const rule = rules[name];
  const count = rule.cap === undefined ? found.length : Math.min(found.length, rule.cap);
  return { name, count, ids: found.slice(0, rule.maxIds) };
}

/** score = Σ weight · count over signals in order S1..S5 (counts already capped). */
function scoreSignals(signals: GateSignal[], threshold: number, rules: SignalRules): GateVerdict {
  let score = 0;
  for (const signal of signals) score += rules[signal.name].weight * signal.count;
  score = round2(score);
  return { score, passed: score >= threshold, threshold, signals };
}

/** score = Σ weight · min(count, cap); signals in order S1..S5, only those with hits. */
export function scoreHits(
  hits: SignalHits,
  threshold: number,
  rules: SignalRules = SIGNAL_RULES,
): GateVerdict {
  const signals: GateSignal[] = [];
  for (const name of SIGNAL_NAMES) {
    const signal = signalOf(name, hits[HIT_KEYS[name]], rules);
    if (signal) signals.push(signal);
  }
  return scoreSignals(signals, threshold, rules);
}

/**
 * The verdict with one signal replaced (or dropped, when `signal` is undefined) and scored again: exactly
 * what scoring the same hits with that signal's new hits gives, since every other signal's capped count is
 * in the verdict. Used when only the friction ledger's S2 changed.
 */
export function withSignal(
  verdict: GateVerdict,
  name: SignalName,
  signal: GateSignal | undefined,
  threshold: number,
): GateVerdict {
  const others = new Map(verdict.signals.filter((s) => s.name !== name).map((s) => [s.name, s]));
  if (signal) others.set(name, signal);
  const signals = SIGNAL_NAMES.flatMap((n) => {
    const found = others.get(n);
    return found ? [found] : [];
  });
  const rescored = scoreSignals(signals, threshold, rulesOf(verdict.profile));
  if (verdict.profile !== undefined) rescored.profile = verdict.profile;
  return rescored;
}

/** The weights and caps a profile scores with (the seed profile's for it and for a verdict without profile). */
export function rulesOf(profile: GateProfile | undefined): SignalRules {
  return profile === 'calibrated' ? CALIBRATED_RULES : SIGNAL_RULES;
}

export function zeroVerdict(threshold: number, error?: string): GateVerdict {
  const verdict: GateVerdict = { score: 0, passed: false, threshold, signals: [] };
  if (error !== undefined) verdict.error = error;
  return verdict;
}
