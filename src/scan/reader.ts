import { readTranscriptEventsFast } from '../transcript/fast/read.js';
import { readTranscriptEvents } from '../transcript/read.js';
import type { TranscriptReader } from './gate-file.js';

/** The transcript readers a scan can use: `plain` is the full-parse oracle. */
export type ReaderName = 'plain' | 'fast';

export function readerNamed(name: ReaderName): TranscriptReader {
  return name === 'plain' ? readTranscriptEvents : (path, onEvent) => readTranscriptEventsFast(path, onEvent);
}
