import type { GateVerdict } from '../gate/score.js';
import { DEFAULT_BAND, inBand, type SecondLookBand } from './band.js';
import type { SessionView } from './view.js';

/**
 * Which sessions the second look reads: those in the band around the threshold, and under the band those
 * whose view shows a cue the gate's score does not count. Most rough sessions the gate misses under the band
 * carry no sign the gate reads (score 0), yet the person's turns show the friction in form: they keep
 * answering the agent's claims of done, retype an earlier turn, or paste an error back. Measured on the 853
 * labelled sessions (docs/gate.md, "Second look"): the cues take the rough sessions the look can reach under
 * the threshold from 36 to 56 of 66, for 29% of all sessions sent instead of 15%.
 */
export interface SecondLookEntry {
  band: SecondLookBand;
  /** Read sessions under the band that show a cue (false: the band alone decides). */
  cues: boolean;
  /** How many of the person's turns right after a claim of done (not a plain approval) make a cue. */
  minTurnsAfterClaim: number;
}

export const DEFAULT_ENTRY: SecondLookEntry = { band: DEFAULT_BAND, cues: true, minTurnsAfterClaim: 2 };

/** What sent a session to the second look. */
export type EntryCue = 'turns-after-claim' | 'near-duplicate' | 'error-pasted';

export interface EntryDecision {
  sent: boolean;
  /** `band`: the score; `cue`: under the band, for the cues listed. */
  by?: 'band' | 'cue';
  cues: EntryCue[];
}

/** A reply that only approves or moves on ("ok", "go on"): a turn after a claim that says no more is no cue. */
const PLAIN_APPROVAL =
  /^(?:y|yes|ok|okay|sure|go|go on|go ahead|continue|proceed|thanks?|thank you|great|perfect|nice|good|lgtm|do it|yep|yeah|cool|👍)[\s.!]*$/i;
/** Turns shorter than this are too short to call near-duplicates ("yes" twice is no repeat). */
const MIN_REPEAT_CHARS = 10;
/** Share of aligned characters at which a turn repeats the one before it. */
const REPEAT_SHARE = 0.8;
/** Words of a failed run or a stack trace, as tools print them whatever the person's language. */
const PASTED_ERROR = /(?:error|exception|traceback|failed|ERR!|at \S+:\d+:\d+)/i;
/** A pasted error is longer than a remark that mentions one. */
const MIN_PASTED_CHARS = 80;

/** Whether the second look reads a session, from the gate's verdict and (under the band) the view. */
export function entryOf(
  verdict: GateVerdict,
  view: () => SessionView,
  entry: SecondLookEntry = DEFAULT_ENTRY,
): EntryDecision {
  if (verdict.error !== undefined) return { sent: false, cues: [] };
  if (inBand(verdict, entry.band)) return { sent: true, by: 'band', cues: [] };
  const under = verdict.score - verdict.threshold < -entry.band.below;
  if (!entry.cues || !under) return { sent: false, cues: [] };
  const cues = cuesOf(view(), entry);
  return cues.length > 0 ? { sent: true, by: 'cue', cues } : { sent: false, cues };
}

/** The cues a session's view shows, in a fixed order. */
export function cuesOf(view: SessionView, entry: SecondLookEntry = DEFAULT_ENTRY): EntryCue[] {
  const { turns } = view;
  let afterClaim = 0;
  let repeated = false;
  let pasted = false;
  const seen = new Set<string>();
  for (let i = 0; i < turns.length; i++) {
    const text = turns[i]?.turn.text.trim() ?? '';
    const said = normalised(text);
    if (i > 0) {
      const before = turns[i - 1];
      if (
        before !== undefined &&
        before.after.claims.length > 0 &&
        text.length > 0 &&
        !PLAIN_APPROVAL.test(text)
      )
        afterClaim += 1;
      if (before !== undefined && closeRepeat(normalised(before.turn.text), said)) repeated = true;
      if (said.length >= MIN_REPEAT_CHARS && seen.has(said)) repeated = true;
      if (
        before !== undefined &&
        before.after.tools.size > 0 &&
        text.length > MIN_PASTED_CHARS &&
        PASTED_ERROR.test(text)
      )
        pasted = true;
    }
    seen.add(said);
  }
  const cues: EntryCue[] = [];
  if (afterClaim >= entry.minTurnsAfterClaim) cues.push('turns-after-claim');
  if (repeated) cues.push('near-duplicate');
  if (pasted) cues.push('error-pasted');
  return cues;
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A turn that repeats the one before it nearly character for character (a retyped path, a re-sent request). */
function closeRepeat(a: string, b: string): boolean {
  if (a.length < MIN_REPEAT_CHARS || b.length < MIN_REPEAT_CHARS) return false;
  const shorter = Math.min(a.length, b.length);
  let same = 0;
  for (let k = 0; k < shorter; k++) if (a[k] === b[k]) same += 1;
  return same / Math.max(a.length, b.length) > REPEAT_SHARE;
}
