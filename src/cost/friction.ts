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
export function frictionStretches(
  timeline: readonly TimelineTurn[],
  hits: SignalHits,
): Map<number, FrictionSignal> {
  const indexOf = new Map<string, number>();
  timeline.forEach((turn, index) => {
    if (turn.id !== '' && !indexOf.has(turn.id)) indexOf.set(turn.id, index);
  });
  const marked = new Map<number, FrictionSignal>();
  const mark = (signal: FrictionSignal, from: number, to: number) => {
    for (let i = Math.max(0, from); i <= to && i < timeline.length; i++)
      if (timeline[i]!.kind === 'assistant' && !marked.has(i)) marked.set(i, signal);
  };
  const lastPersonBefore = (index: number) => {
    for (let i = index - 1; i >= 0; i--) if (timeline[i]!.kind === 'person') return i;
    return -1;
  };
  const anchors = (ids: readonly string[]) =>
    ids.map((id) => indexOf.get(id)).filter((index): index is number => index !== undefined);

  for (const at of anchors(hits.s1)) mark('S1', lastPersonBefore(at) + 1, at);
  for (const at of anchors(hits.s2)) {
    let from = at - 1;
    while (from >= 0 && !(timeline[from]!.kind !== 'assistant' && !timeline[from]!.failed)) from--;
    let lastFailure = at;
    for (let i = at + 1; i < timeline.length; i++) {
      const turn = timeline[i]!;
      if (turn.failed) lastFailure = i;
      else if (turn.kind !== 'assistant') break;
    }
    mark('S2', from + 1, lastFailure);
  }
  for (const at of anchors(hits.s3)) mark('S3', at, at);
  for (const at of anchors(hits.s4)) mark('S4', lastPersonBefore(at) + 1, at);
  return marked;
}
