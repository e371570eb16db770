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
/**
 * The first and last timeline index of the stretch one hit marks (see frictionStretches; only the agent's
 * messages in it count). `from` may be past `to` when it marks nothing.
 */
function stretchBounds(
  timeline: readonly TimelineTurn[],
  signal: FrictionSignal,
  at: number,
): { from: number; to: number } {
  let from = at;
  let to = at;
  if (signal === 'S1' || signal === 'S4') {
    from = at - 1;
    while (from >= 0 && timeline[from]!.kind !== 'person') from--;
    from += 1;
  } else if (signal === 'S2') {
    from = at - 1;
    while (from >= 0 && !(timeline[from]!.kind !== 'assistant' && !timeline[from]!.failed)) from--;
    from += 1;
    for (let i = at + 1; i < timeline.length; i++) {
      const turn = timeline[i]!;
      if (turn.failed) to = i;
      else if (turn.kind !== 'assistant') break;
    }
  }
  return { from: Math.max(0, from), to: Math.min(to, timeline.length - 1) };
}

/** The stretch one hit marks: the timeline indices of the agent's messages it covers (see frictionStretches). */
export function stretchOf(timeline: readonly TimelineTurn[], signal: FrictionSignal, at: number): number[] {
  const { from, to } = stretchBounds(timeline, signal, at);
  const indices: number[] = [];
  for (let i = from; i <= to; i++) if (timeline[i]!.kind === 'assistant') indices.push(i);
  return indices;
}

/** Each hit the gate found, with the timeline index of its anchor (hits whose anchor is not there are left out). */
export function anchoredHits(
  timeline: readonly TimelineTurn[],
  hits: SignalHits,
): { signal: FrictionSignal; id: string; at: number }[] {
  const lists = [hits.s1, hits.s2, hits.s3, hits.s4];
  // Only the turns a hit names are looked up (most sessions have few hits and many turns).
  const wanted = new Set<string>();
  for (const ids of lists) for (const id of ids) wanted.add(id);
  if (wanted.size === 0) return [];
  const indexOf = new Map<string, number>();
  // Each id's first turn; the walk ends once every anchor is found.
  for (let index = 0; index < timeline.length && indexOf.size < wanted.size; index++) {
    const id = timeline[index]!.id;
    if (id !== '' && wanted.has(id) && !indexOf.has(id)) indexOf.set(id, index);
  }
  const anchored: { signal: FrictionSignal; id: string; at: number }[] = [];
  for (let k = 0; k < lists.length; k++)
    for (const id of lists[k]!) {
      const at = indexOf.get(id);
      if (at !== undefined) anchored.push({ signal: FRICTION_SIGNALS[k]!, id, at });
    }
  return anchored;
}

/**
 * The agent's messages friction marks, by timeline index, each with the first of S1, S2, S3, S4 whose
 * stretch covers it. In one pass over the marked span (each signal's stretches as a difference array),
 * not one per hit: it runs once per session of a cold scan.
 */
export function frictionStretches(
  timeline: readonly TimelineTurn[],
  hits: SignalHits,
): Map<number, FrictionSignal> {
  const marked = new Map<number, FrictionSignal>();
  const anchored = anchoredHits(timeline, hits);
  if (anchored.length === 0) return marked;
  const width = timeline.length + 1;
  // cover[k * width + i]: stretches of the k-th signal starting at i, less those that ended just before it.
  const cover = new Int32Array(FRICTION_SIGNALS.length * width);
  let first = timeline.length;
  let last = -1;
  for (const hit of anchored) {
    const { from, to } = stretchBounds(timeline, hit.signal, hit.at);
    if (from > to) continue;
    const k = FRICTION_SIGNALS.indexOf(hit.signal);
    cover[k * width + from]! += 1;
    cover[k * width + to + 1]! -= 1;
    if (from < first) first = from;
    if (to > last) last = to;
  }
  const open = [0, 0, 0, 0];
  for (let i = first; i <= last; i++) {
    for (let k = 0; k < open.length; k++) open[k]! += cover[k * width + i]!;
    if (timeline[i]!.kind !== 'assistant') continue;
    for (let k = 0; k < open.length; k++)
      if (open[k]! > 0) {
        marked.set(i, FRICTION_SIGNALS[k]!);
        break;
      }
  }
  return marked;
}
