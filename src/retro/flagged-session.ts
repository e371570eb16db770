import { statSync } from 'node:fs';
import { adapterFor } from '../transcript/host.js';
import type { TranscriptMessage } from '../transcript/messages.js';

/**
 * The largest transcript the retro holds in memory as parsed messages. Up to it, a flagged session is read
 * once and its messages go to the deep read (windows, citation check) and to the citations' context; a
 * larger one is streamed by each of those passes instead, as the deep read does on its own, so that a
 * transcript of hundreds of megabytes never sits in memory (three are read at once).
 */
const HELD_SESSION_BYTES = 64 * 1024 * 1024;

/**
 * A flagged session's messages, read once for the whole retro; undefined when the file is larger than
 * HELD_SESSION_BYTES or cannot be read now (each pass then reads it itself and meets the problem there).
 */
export function readFlaggedSession(
  path: string,
  limitBytes = HELD_SESSION_BYTES,
): readonly TranscriptMessage[] | undefined {
  try {
    if (statSync(path).size > limitBytes) return undefined;
    return [...adapterFor(path).messages(path)];
  } catch {
    return undefined;
  }
}
