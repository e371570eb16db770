import type { SignalHits } from '../gate/machine.js';
import type { TimelineTurn } from '../gate/timeline.js';

/** The gate signals whose stretches cost friction (S5, a terse reply, marks no work that went to waste). */
export const FRICTION_SIGNALS = ['S1', 'S2', 'S3', 'S4'] as const;
export type FrictionSignal = (typeof FRICTION_SIGNALS)[number];

/**
 * Which of the agent's messages each signal marks as friction, by their index in the timeline. Every hit the
 * gate found counts (before its per-session caps), each a stretch of assistant messages:
 * - S1 (the person rejected or corrected the agent; anchored on the person's turn, a refusal or an
 *   interrupt): the agent's messages since the person last spoke, up to the anchor: the work rejected.
 * - S2 (a run of failing tool calls; anchored on the first failure): the agent's messages from the last
 *   turn before the anchor that was not a failure up to the run's last failure: the calls that failed.
 * - S3 (a file edited again in a later request; anchored on the edit): that message: the redone edit.
 * - S4 (the agent's own retry, "let me try a different approach"): the agent's messages since the person
 *   last spoke, up to the retry: the attempt it gave up.
 * A message two signals mark is counted once, for the first of S1, S2, S3, S4 that marks it, so the shares
 * add up to the friction total. Anchors not in the timeline (S2 from the friction ledger) mark nothing.
 */
/** The stretch one hit marks: the timeline indices of the agent's messages it covers (see frictionStretches). */
export function stretchOf(timeline: readonly TimelineTurn[], signal: FrictionSignal, at: number): number[] {
  const lastPersonBefore = (index: number) => {
    for (let i = index - 1; i >= 0; i--) if (timeline[i]!.kind === 'person') return i;
    return -1;
  };
  let from = at;
  let to = at;
  if (signal === 'S1' || signal === 'S4') from = lastPersonBefore(at) + 1;
  else if (signal === 'S2') {
    from = at - 1;
    while (from >= 0 && !(timeline[from]!.kind !== 'assistant' && !timeline[from]!.failed)) from--;
    from += 1;
    for (let i = at + 1; i < timeline.length; i++) {
      const turn = timeline[i]!;
      if (turn.failed) to = i;
      else if (turn.kind !== 'assistant') break;
    }
  }
  const indices: number[] = [];
  for (let i = Math.max(0, from); i <= to && i < timeline.length; i++)
    if (timeline[i]!.kind === 'assistant') indices.push(i);
  return indices;
}

/** Each hit the gate found, with the timeline index of its anchor (hits whose anchor is not there are left out). */
export function anchoredHits(
  timeline: readonly TimelineTurn[],
  hits: SignalHits,
): { signal: FrictionSignal; id: string; at: number }[] {
  // Only the turns a hit names are looked up (most sessions have few hits and many turns).
  const wanted = new Set<string>([...hits.s1, ...hits.s2, ...hits.s3, ...hits.s4]);
  if (wanted.size === 0) return [];
  const indexOf = new Map<string, number>();
  for (let index = 0; index < timeline.length; index++) {
    const id = timeline[index]!.id;
    if (id !== '' && wanted.has(id) && !indexOf.has(id)) indexOf.set(id, index);
  }
  const keys = { S1: hits.s1, S2: hits.s2, S3: hits.s3, S4: hits.s4 };
  return FRICTION_SIGNALS.flatMap((signal) =>
    keys[signal].flatMap((id) => {
      const at = indexOf.get(id);
      return at === undefined ? [] : [{ signal, id, at }];
    }),
  );
}

export function frictionStretches(
  timeline: readonly TimelineTurn[],
  hits: SignalHits,
): Map<number, FrictionSignal> {
  const marked = new Map<number, FrictionSignal>();
  // In signal order, so that a message two signals mark is the first one's.
  for (const hit of anchoredHits(timeline, hits))
    for (const index of stretchOf(timeline, hit.signal, hit.at))
      if (!marked.has(index)) marked.set(index, hit.signal);
  return marked;
}
