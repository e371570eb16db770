import { closeSync, existsSync, fstatSync, readSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MessagePort, Worker } from 'node:worker_threads';
import { openRegularFd } from '../fsx/read-regular.js';
import { SCHEMA_DRIFT_WINDOW } from '../transcript/read.js';
import type { TranscriptFacts } from '../transcript/types.js';
import { readGateTurnsFast } from './fast-turns.js';
import { GATE_LONG_LINES } from './long-lines.js';
import type { SplitWorkerData, SplitWorkerMessage } from './split-worker.js';
import { SPLIT_WORKER_URL } from './split-worker-url.js';
import type { GateTurn } from './turns.js';

/**
 * What the second thread costs beyond its part, in bytes the calling thread reads in that time: a Node
 * thread's start-up, its reader's modules and WebAssembly, and handing its turns over (~100 ms of CPU on
 * the 100 MB real concatenation, whose reading takes ~3.5 ms per MB on the same machine).
 */
const THREAD_OVERHEAD_BYTES = 28 * 1024 * 1024;

/**
 * Below this size a transcript is read on one thread. Cut so that both threads finish together (see
 * firstShareOf), a file saves (T - overhead) / 2 of its one-thread reading time T: nothing at ~28 MB, a
 * fifth of T from ~48 MB on (docs/scan.md, the gate on two threads).
 */
export const SPLIT_MIN_BYTES = 48 * 1024 * 1024;

/**
 * The share of a file the calling thread reads itself, the first part: more than half, by the second
 * thread's overhead, so that both parts end together.
 */
export function firstShareOf(size: number): number {
  return Math.min(0.9, 0.5 + THREAD_OVERHEAD_BYTES / (2 * size));
}

/** How a split read went: on two threads, the second part read here after all, or the file whole here. */
export type SplitOutcome = 'two-threads' | 'second-part-here' | 'whole';

export interface SplitReadOptions {
  /** Files smaller than this are read whole on this thread (default SPLIT_MIN_BYTES). */
  minBytes?: number;
  /** Where the file is cut, as a share of its size (default firstShareOf; tests try other cuts). */
  firstShare?: number;
  /** Told how the read went (tests and benchmarks). */
  onOutcome?: (outcome: SplitOutcome) => void;
  /**
   * Whether a core is free for the second thread (default: the last minute's load average leaves one).
   * On a machine whose cores are all busy the second thread only adds its start-up to the same work.
   */
  coreFree?: () => boolean;
}

/** The last minute's load average leaves a core idle (a loaded CI runner or build machine has none). */
function idleCore(): boolean {
  return (loadavg()[0] ?? 0) + 1 <= availableParallelism();
}

/** How far past the split offset a line break is looked for; a line longer than this leaves the file whole. */
const BREAK_SEARCH_BYTES = 8 * 1024 * 1024;

/**
 * How long the calling thread waits without a word from the second one (each batch of turns is a word)
 * before it reads the second part itself: a thread that failed to start never answers.
 */
const SILENCE_MS = 20_000;

/** Bytes looked at a time while searching for the line break nearest the split offset. */
const SEARCH_CHUNK = 64 * 1024;

/** The offset of the first line that starts at or after `from` (the byte after a `\n`), if one is near. */
export function lineStartAfter(path: string, from: number): number | undefined {
  const fd = openRegularFd(path);
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.allocUnsafe(SEARCH_CHUNK);
    for (let at = from; at < size && at < from + BREAK_SEARCH_BYTES; at += SEARCH_CHUNK) {
      const read = readSync(fd, buffer, 0, SEARCH_CHUNK, at);
      if (read === 0) return undefined;
      const lf = buffer.subarray(0, read).indexOf(0x0a);
      if (lf >= 0) return at + lf + 1 < size ? at + lf + 1 : undefined;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The second part's reading on its own thread, answered through a port the calling thread reads synchronously. */
class SecondPart {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly words: Int32Array;

  constructor(path: string, start: number) {
    // Loaded here: every gate run would otherwise load node:worker_threads for the few that split.
    const { MessageChannel, Worker } = process.getBuiltinModule('node:worker_threads');
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.words = new Int32Array(new SharedArrayBuffer(4));
    const data: SplitWorkerData = { path, start, port: port2, words: this.words };
    this.worker = new Worker(SPLIT_WORKER_URL, { workerData: data, transferList: [port2] });
    // The verdict never waits for the thread to wind down.
    this.worker.unref();
  }

  /**
   * The part's turns in order and its facts, once the thread has read it all; undefined when the thread
   * failed or fell silent (the caller then reads the part itself, see readGateTurnsSplit). Its line
   * numbers start at SCHEMA_DRIFT_WINDOW (see split-worker.ts).
   */
  collect(): { turns: GateTurn[]; facts: TranscriptFacts } | undefined {
    const turns: GateTurn[] = [];
    try {
      for (;;) {
        const seen = Atomics.load(this.words, 0);
        const received = process.getBuiltinModule('node:worker_threads').receiveMessageOnPort(this.port);
        if (received === undefined) {
          if (Atomics.wait(this.words, 0, seen, SILENCE_MS) === 'timed-out') return undefined;
          continue;
        }
        const message = received.message as SplitWorkerMessage;
        if ('error' in message) return undefined;
        if ('facts' in message) return { turns, facts: message.facts };
        for (const turn of message.turns) turns.push(turn);
      }
    } finally {
      this.close();
    }
  }

  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}

/** The facts of two adjacent parts of one file as one pass over both gives them. */
export function joinFacts(first: TranscriptFacts, second: TranscriptFacts): TranscriptFacts {
  const facts: TranscriptFacts = {
    sessionId: first.sessionId ?? second.sessionId,
    lines: first.lines + second.lines,
    // Each part judged the lines it read by their number in the file: only the first 50 count.
    knownFieldsSeen: first.knownFieldsSeen || second.knownFieldsSeen,
    firstTimestamp: first.firstTimestamp ?? second.firstTimestamp,
    lastTimestamp: second.lastTimestamp ?? first.lastTimestamp,
  };
  if (first.oversizedLines !== undefined || second.oversizedLines !== undefined)
    facts.oversizedLines = (first.oversizedLines ?? 0) + (second.oversizedLines ?? 0);
  return facts;
}

/**
 * readGateTurnsFast of a large transcript on two threads: the file is cut after a line break a little past
 * its middle, a worker thread reads the second part while this thread reads the first, and this thread then
 * folds the second part's turns (renumbered) after its own. Each turn is worked out from its own line
 * alone (src/gate/turns.ts), and the order-dependent part, the machine, sees every turn on this thread in
 * file order, so the turns, their order and the facts are those of one pass. If the first part holds
 * fewer than the schema-drift window's 50 lines, or the worker fails or falls silent, this thread reads
 * the second part itself (the worker's turns are handed on only once it has read its part whole). Smaller
 * files are read on this thread.
 */
export function readGateTurnsSplit(
  path: string,
  onTurn: (turn: GateTurn) => void,
  options: SplitReadOptions = {},
): TranscriptFacts {
  const minBytes = options.minBytes ?? SPLIT_MIN_BYTES;
  const told = <T>(outcome: SplitOutcome, result: T): T => {
    options.onOutcome?.(outcome);
    return result;
  };
  const whole = () => told('whole', readGateTurnsFast(path, onTurn, { longLines: GATE_LONG_LINES }));
  let size: number;
  try {
    const fd = openRegularFd(path);
    try {
      size = fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
  } catch {
    // What the one-thread pass says about a file it cannot open (the same error).
    return whole();
  }
  // A bundle that holds this module without the thread's file beside it reads on one thread.
  if (size < minBytes || !(options.coreFree ?? idleCore)() || !existsSync(fileURLToPath(SPLIT_WORKER_URL)))
    return whole();
  const cut = lineStartAfter(path, Math.floor(size * (options.firstShare ?? firstShareOf(size))));
  if (cut === undefined) return whole();
  let second: SecondPart;
  try {
    second = new SecondPart(path, cut);
  } catch {
    return whole();
  }
  let first: TranscriptFacts;
  try {
    first = readGateTurnsFast(path, onTurn, { longLines: GATE_LONG_LINES, range: { start: 0, end: cut } });
  } catch (error) {
    second.close();
    throw error;
  }
  const readSecondHere = () =>
    told(
      'second-part-here',
      readGateTurnsFast(path, onTurn, {
        longLines: GATE_LONG_LINES,
        range: { start: cut },
        firstLineNo: first.lines,
      }),
    );
  if (first.lines < SCHEMA_DRIFT_WINDOW) {
    second.close();
    return joinFacts(first, readSecondHere());
  }
  const read = second.collect();
  if (!read) return joinFacts(first, readSecondHere());
  // The thread numbered its lines from SCHEMA_DRIFT_WINDOW: the first part holds at least that many.
  const shift = first.lines - SCHEMA_DRIFT_WINDOW;
  for (const turn of read.turns) {
    turn.lineNo += shift;
    onTurn(turn);
  }
  return told('two-threads', joinFacts(first, read.facts));
}
