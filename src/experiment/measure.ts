import { DEFAULT_GATE_PROFILE, type GateProfile } from '../gate/profile.js';
import { rulesOf } from '../gate/score.js';
import { SIGNAL_NAMES, type SignalName } from '../gate/signals.js';
import {
  readSessionEvidence,
  COUNTED_SIGNALS as TRIAL_COUNTED_SIGNALS,
  WORDING_SIGNALS,
} from '../trial/evidence/read.js';
import { runCostUsd } from './run-cost.js';

/**
 * The gate signals an experiment counts as friction: what the person did (S1 rejections and corrections,
 * S5 terse follow-ups) and what the tools did (S2 failing calls in a row, S3 a file edited again and
 * again). A rule's wording cannot move these: a rule saying "never say 'let me try again'" changes
 * nothing the tools return or the person does.
 */
export const COUNTED_SIGNALS: readonly SignalName[] = TRIAL_COUNTED_SIGNALS;

/**
 * S4 counts the agent's own retry phrases ("let me try again", "my mistake"): a rule can remove the
 * words without removing the retries, so it is reported beside the friction and never counted in it.
 */
export const PHRASING_SIGNAL: SignalName = WORDING_SIGNALS[0] as SignalName;

/** One run's transcript as the experiment measures it. */
export interface TranscriptMeasures {
  /** User and assistant entries: the turns the gate folds. */
  turns: number;
  /** Uncapped hits per gate signal, S4 included (reported, not counted). */
  hits: Record<SignalName, number>;
  /** Weighted hits of COUNTED_SIGNALS per 100 turns, 4 decimals. */
  friction: number;
  /** S4 hits: the agent's retry phrases. */
  phrasing: number;
  /** USD at API prices of the transcript's usage (null: none recorded, or unpriced); absent in older state. */
  costUsd?: number | null;
}

/**
 * Gates a run's transcript (the gate profile's weights, uncapped hits, as trials measure a session) and
 * rates the signals the rule's wording cannot move per 100 turns. Undefined when the file cannot be read
 * as a transcript or has no turns. Only reads.
 */
export function measureTranscript(
  path: string,
  profile: GateProfile = DEFAULT_GATE_PROFILE,
): TranscriptMeasures | undefined {
  const evidence = readSessionEvidence(path, profile);
  if (evidence === undefined || evidence.turns === 0) return undefined;
  const rules = rulesOf(profile);
  let weighted = 0;
  for (const name of COUNTED_SIGNALS) weighted += rules[name].weight * evidence.hits[name];
  const hits = Object.fromEntries(SIGNAL_NAMES.map((n) => [n, evidence.hits[n]])) as Record<
    SignalName,
    number
  >;
  return {
    turns: evidence.turns,
    hits,
    friction: Math.round((weighted / evidence.turns) * 100 * 10_000) / 10_000,
    phrasing: evidence.hits[PHRASING_SIGNAL],
    costUsd: runCostUsd(evidence.usage),
  };
}
