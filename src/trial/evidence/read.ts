import { ClaudeUsageCollector } from '../../cost/claude-usage.js';
import { readSessionUsage } from '../../cost/read-usage.js';
import { type SessionUsage, sessionUsage } from '../../cost/session-usage.js';
import { gateSessionSync } from '../../gate/index.js';
import { DEFAULT_GATE_PROFILE, type GateProfile } from '../../gate/profile.js';
import { rulesOf } from '../../gate/score.js';
import { defaultGateSettings } from '../../gate/settings.js';
import { SIGNAL_NAMES, type SignalName } from '../../gate/signals.js';
import { adapterFor } from '../../transcript/host.js';
import { MechanicalDetector, type MechanicalFinding } from './mechanical.js';

/**
 * S4 counts the agent's own retry phrases ("let me try again"): a rule's wording alone can move it (a rule
 * that says "never say 'let me try again'" removes the words, not the retries). A trial's KEEP or REVERT
 * and an experiment's friction leave it out; both report it.
 */
export const WORDING_SIGNALS: readonly SignalName[] = ['S4'];

/** The signals a trial and an experiment decide on: what the person and the tools did. */
export const COUNTED_SIGNALS: readonly SignalName[] = SIGNAL_NAMES.filter(
  (s) => !WORDING_SIGNALS.includes(s),
);

/** Raw (uncapped) hits per gate signal. */
export type SignalTally = Record<SignalName, number>;

/**
 * What a trial needs to know about one session beyond its gate score: its size, its friction without the
 * gate's per-session caps, where each signal fired, and the mechanical patterns it shows.
 */
export interface SessionEvidence {
  /** User and assistant entries: the turns the gate folds. */
  turns: number;
  /** Uncapped hits per signal. */
  hits: SignalTally;
  /** Σ weight · uncapped hits: friction that grows in step with the session, as a rate needs. */
  friction: number;
  /** The same sum over COUNTED_SIGNALS only (S4 left out): what a trial's decision weighs. */
  countedFriction: number;
  /** Each signal's weight · uncapped hits, for the per-signal effects. */
  weighted: Record<SignalName, number>;
  /** The messages each signal fired on (at most the gate's reported number of ids per signal). */
  anchors: Record<SignalName, string[]>;
  findings: MechanicalFinding[];
  /** What the session used, its friction marked by these same hits (docs/cost.md); undefined when unread. */
  usage?: SessionUsage | undefined;
}

/**
 * The gate's weighted sum over uncapped hits, with the profile's weights. The gate caps S1, S4 and S5 per
 * session so that one angry message cannot dominate a verdict; divided by size those caps would make
 * every long session look calmer than a short one with the same friction per turn, so a rate is built
 * from the hits themselves.
 */
export function uncappedFriction(
  hits: SignalTally,
  profile: GateProfile = DEFAULT_GATE_PROFILE,
  signals: readonly SignalName[] = SIGNAL_NAMES,
): number {
  const rules = rulesOf(profile);
  let sum = 0;
  for (const name of signals) sum += rules[name].weight * hits[name];
  return Math.round(sum * 100) / 100;
}

/**
 * Folds a transcript's messages into a mechanical detector (for a guard, which asks about the state the
 * session is in now). Undefined when the file cannot be read.
 */
export function readMechanicalState(path: string): MechanicalDetector | undefined {
  const detector = new MechanicalDetector();
  try {
    for (const message of adapterFor(path).messages(path)) detector.push(message);
  } catch {
    return undefined;
  }
  return detector;
}

/**
 * Reads one transcript for a trial: the gate of `profile` gives the hits (from the transcript alone, so
 * sessions before and after a friction ledger was installed are measured alike), and one more pass counts
 * the turns and collects the mechanical findings. Undefined when the file cannot be read. Only reads.
 */
export function readSessionEvidence(
  path: string,
  profile: GateProfile = DEFAULT_GATE_PROFILE,
): SessionEvidence | undefined {
  // The usage is read in the gate's own pass, its friction joined to the same transcript-only hits.
  const collector = new ClaudeUsageCollector();
  const gate = gateSessionSync(path, {
    settings: defaultGateSettings({ profile }),
    ledgerPath: null,
    timeline: true,
    assistantLines: collector,
  });
  if (gate.hits === undefined) return undefined;
  const detector = new MechanicalDetector();
  let turns = 0;
  let usage: SessionUsage | undefined;
  try {
    // The session's host reads it: the turns the gate folds, then the messages the detector looks at.
    const adapter = adapterFor(path);
    adapter.readEvents(path, () => {
      turns += 1;
    });
    for (const message of adapter.messages(path)) detector.push(message);
  } catch {
    return undefined;
  }
  try {
    const records = gate.tapped ? collector.records() : readSessionUsage(path, adapterFor(path).name);
    usage = sessionUsage(records, gate.timeline, gate.hits);
  } catch {
    // The file changed under the usage pass: the trial measures it without its spend.
  }
  const raw = gate.hits;
  const keys = { S1: raw.s1, S2: raw.s2, S3: raw.s3, S4: raw.s4, S5: raw.s5 };
  const rules = rulesOf(profile);
  const hits = {} as SignalTally;
  const anchors = {} as Record<SignalName, string[]>;
  for (const name of SIGNAL_NAMES) {
    hits[name] = keys[name].length;
    anchors[name] = [...new Set(keys[name])].slice(0, rules[name].maxIds);
  }
  const weighted = Object.fromEntries(
    SIGNAL_NAMES.map((name) => [name, uncappedFriction(hits, profile, [name])]),
  ) as Record<SignalName, number>;
  return {
    turns,
    hits,
    friction: uncappedFriction(hits, profile),
    countedFriction: uncappedFriction(hits, profile, COUNTED_SIGNALS),
    weighted,
    anchors,
    findings: detector.findings,
    usage,
  };
}
