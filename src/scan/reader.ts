import { longLinesFor } from '../gate/long-lines.js';
import type { GateProfile } from '../gate/profile.js';
import { readTranscriptEvents } from '../transcript/read.js';
import type { TranscriptReader } from './gate-file.js';

/** The transcript readers a scan can use: `fast` is the gate's own byte-level reader, `plain` the full-parse oracle. */
export type ReaderName = 'plain' | 'fast';

/**
 * The reader to hand the gate: undefined leaves it its default (fast) reader. Lines too long to hold are
 * reduced the way the profile reads them (see src/gate/long-lines.ts).
 */
export function readerNamed(name: ReaderName, profile: GateProfile): TranscriptReader | undefined {
  const longLines = longLinesFor(profile);
  return name === 'plain' ? (path, onEvent) => readTranscriptEvents(path, onEvent, { longLines }) : undefined;
}
