import {
  LONG_LINE_BYTES,
  type LongLineOptions,
  REDUCED_LINE_BYTES,
  STRING_KEEP_BYTES,
  TEXT_KEEP_BYTES,
} from '../transcript/claude/long-line/types.js';
import { calibratedTextReduction } from './calibrated/long-text.js';
import { gateTextReduction } from './long-text.js';
import type { GateProfile } from './profile.js';

/**
 * How the gate reads a line too long to hold (over 4 MiB; Claude Code writes such lines for large pasted
 * images or tool results): streamed, never held, reduced to what the gate reads of it — with the same
 * verdict as a full read (see src/transcript/claude/long-line/reducer.ts and ./long-text.ts). Memory stays bounded
 * whatever the file holds, and the work per line is linear in its length.
 */
export const GATE_LONG_LINES: LongLineOptions = {
  maxLineBytes: LONG_LINE_BYTES,
  maxReducedBytes: REDUCED_LINE_BYTES,
  textKeepBytes: TEXT_KEEP_BYTES,
  stringKeepBytes: STRING_KEEP_BYTES,
  reduceText: gateTextReduction,
};

/**
 * The calibrated profile's reading of such a line: the same reducer, each long text kept by its opening
 * (what that profile reads of a turn) with its retry phrases, notifications and a digest of the whole
 * (src/gate/calibrated/long-text.ts).
 */
export const CALIBRATED_LONG_LINES: LongLineOptions = {
  ...GATE_LONG_LINES,
  reduceText: () => calibratedTextReduction(),
};

export function longLinesFor(profile: GateProfile): LongLineOptions {
  return profile === 'seed' ? GATE_LONG_LINES : CALIBRATED_LONG_LINES;
}
