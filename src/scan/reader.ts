import { GATE_LONG_LINES } from '../gate/long-lines.js';
import { readTranscriptEvents } from '../transcript/read.js';
import type { TranscriptReader } from './gate-file.js';

/** The transcript readers a scan can use: `fast` is the gate's own byte-level reader, `plain` the full-parse oracle. */
export type ReaderName = 'plain' | 'fast';

/** The reader to hand the gate: undefined leaves it its default (fast) reader. */
export function readerNamed(name: ReaderName): TranscriptReader | undefined {
  return name === 'plain'
    ? (path, onEvent) => readTranscriptEvents(path, onEvent, { longLines: GATE_LONG_LINES })
    : undefined;
}
