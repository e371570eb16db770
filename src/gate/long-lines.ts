import {
  LONG_LINE_BYTES,
  type LongLineOptions,
  REDUCED_LINE_BYTES,
  STRING_KEEP_BYTES,
  TEXT_KEEP_BYTES,
} from '../transcript/long-line/types.js';
import { gateTextReduction } from './long-text.js';

/**
 * How the gate reads a line too long to hold (over 4 MiB; Claude Code writes such lines for large pasted
 * images or tool results): streamed, never held, reduced to what the gate reads of it — with the same
 * verdict as a full read (see src/transcript/long-line/reducer.ts and ./long-text.ts). Memory stays bounded
 * whatever the file holds, and the work per line is linear in its length.
 */
export const GATE_LONG_LINES: LongLineOptions = {
  maxLineBytes: LONG_LINE_BYTES,
  maxReducedBytes: REDUCED_LINE_BYTES,
  textKeepBytes: TEXT_KEEP_BYTES,
  stringKeepBytes: STRING_KEEP_BYTES,
  reduceText: gateTextReduction,
};
