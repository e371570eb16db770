import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { SCHEMA_DRIFT_WINDOW } from '../transcript/read.js';
import type { TranscriptFacts } from '../transcript/types.js';
import { readGateTurnsFast } from './fast-turns.js';
import { GATE_LONG_LINES } from './long-lines.js';
import type { GateTurn } from './turns.js';

/** What the calling thread gives the second thread of a split read (src/gate/split-read.ts). */
export interface SplitWorkerData {
  path: string;
  /** Where the part starts: the byte after a `\n`. It ends where the file does. */
  start: number;
  port: MessagePort;
  /** Counts the messages posted, so that the calling thread can wait for the next one (Atomics.wait). */
  words: Int32Array;
}

/** Turns in batches, then the part's facts (or why it could not be read). */
export type SplitWorkerMessage = { turns: GateTurn[] } | { facts: TranscriptFacts } | { error: string };

/** Turns posted at a time: a message per turn would cost more than the turn. */
const BATCH = 2048;

const { path, start, port, words } = workerData as SplitWorkerData;

function post(message: SplitWorkerMessage): void {
  port.postMessage(message);
  Atomics.add(words, 0, 1);
  Atomics.notify(words, 0);
}

try {
  let batch: GateTurn[] = [];
  // Numbered from the schema-drift window: the part's lines are past the file's first 50 (the calling
  // thread renumbers them, and reads the part itself when its own part is shorter than that).
  const facts = readGateTurnsFast(
    path,
    (turn) => {
      batch.push(turn);
      if (batch.length >= BATCH) {
        post({ turns: batch });
        batch = [];
      }
    },
    { longLines: GATE_LONG_LINES, range: { start }, firstLineNo: SCHEMA_DRIFT_WINDOW },
  );
  if (batch.length > 0) post({ turns: batch });
  post({ facts });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
}
// The port stays open until the calling thread has read every message and closes it.
