import { Worker } from 'node:worker_threads';
import type { HostName } from '../transcript/types.js';
import { fileGate, type GateFileSettings, type GateOutcome } from './gate-file.js';
import { type ReaderName, readerNamed } from './reader.js';
import type { WorkerReply } from './worker.js';

/** The longest delay setTimeout keeps; a longer one fires after 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

export interface PoolOptions {
  settings: GateFileSettings;
  reader: ReaderName;
  /** Worker threads; 1 gates inline on the calling thread (unless `fileCapMs` is set). */
  jobs: number;
  /** Below this many bytes of work, gate inline: a pool costs more to start than it saves (default 16 MB). */
  inlineBelowBytes?: number;
  /**
   * Wall time one file may take to gate, in ms. A file still gating then is abandoned: its worker is
   * terminated (a fresh one takes the remaining files) and its slot in the result stays undefined. Since
   * the calling thread cannot interrupt its own synchronous gate, a cap always gates in worker threads.
   */
  fileCapMs?: number;
  /** Called after each file, in completion order. */
  onOutcome?: (outcome: GateOutcome, size: number) => void;
  /** Called for each file abandoned at `fileCapMs`. */
  onTimeout?: (path: string, size: number) => void;
}

const INLINE_BYTES = 16 * 1024 * 1024;
/**
 * Files sent to a worker ahead of its answers when there is no cap: the next file is already queued when
 * one finishes, so a worker never waits for the calling thread to wake up and send it one (on a loaded
 * two-core machine that wait was a fifth of each worker's time on 1 GB of real sessions).
 */
const PIPELINE_DEPTH = 2;

type Ordered = { path: string; size: number; host?: HostName | undefined; index: number };
type FileResult = { kind: 'outcome'; outcome: GateOutcome } | { kind: 'timeout' };

/** A worker that has loaded its modules, so that a file's cap measures its gating, not the start-up. */
function startWorker(options: PoolOptions): Promise<Worker> {
  const worker = new Worker(new URL('./worker.js', import.meta.url), {
    workerData: { settings: options.settings, reader: options.reader },
  });
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', () => {
      worker.off('error', onError);
      resolve(worker);
    });
  });
}

/** Sends one file to a ready worker and waits for its outcome, the cap, or the worker's failure. */
function gateInWorker(worker: Worker, file: Ordered, capMs: number | undefined): Promise<FileResult> {
  return new Promise((resolve, reject) => {
    const timer = capMs === undefined ? undefined : setTimeout(() => settle({ kind: 'timeout' }), capMs);
    const onMessage = (reply: WorkerReply) => {
      if ('outcome' in reply) settle({ kind: 'outcome', outcome: reply.outcome });
      else fail(new Error(`gating ${file.path}: ${reply.error}`));
    };
    const onError = (error: Error) => fail(error);
    const onExit = () => fail(new Error(`gating ${file.path}: the worker stopped without an answer`));
    const cleanUp = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const settle = (result: FileResult) => {
      cleanUp();
      resolve(result);
    };
    const fail = (error: Error) => {
      cleanUp();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id: file.index, path: file.path, host: file.host });
  });
}

/**
 * Gates files on a worker_threads pool, largest first so that one big transcript does not finish last
 * and leave the other threads idle. Outcomes come back in input order; a file abandoned at the cap
 * leaves its slot undefined.
 */
export async function gateFiles(
  files: { path: string; size: number; host?: HostName | undefined }[],
  options: PoolOptions,
): Promise<(GateOutcome | undefined)[]> {
  const order: Ordered[] = files.map((file, index) => ({ ...file, index })).sort((a, b) => b.size - a.size);
  const outcomes: (GateOutcome | undefined)[] = new Array(files.length).fill(undefined);
  if (order.length === 0) return outcomes;
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const jobs = Math.max(1, Math.min(options.jobs, order.length));
  // A cap past the longest timer Node keeps (~24.8 days) is no cap: such a timer would fire after 1 ms.
  const capped =
    options.fileCapMs !== undefined &&
    Number.isFinite(options.fileCapMs) &&
    options.fileCapMs <= MAX_TIMER_MS;
  if (!capped && (jobs === 1 || totalBytes < (options.inlineBelowBytes ?? INLINE_BYTES))) {
    const gate = fileGate(options.settings, readerNamed(options.reader, options.settings.profile));
    for (const file of order) {
      const outcome = gate(file.path, file.host);
      outcomes[file.index] = outcome;
      options.onOutcome?.(outcome, file.size);
    }
    return outcomes;
  }
  const capMs = capped ? options.fileCapMs : undefined;
  let next = 0;
  if (capMs === undefined) {
    // The calling thread is one of the lanes: a worker's start-up and messages cost CPU that a two-core
    // machine cannot spare. It takes the smallest files (from the back), so that it yields often and
    // keeps the workers, which take the largest from the front, fed with their next files.
    let last = order.length - 1;
    const takeLargest = () => (next <= last ? order[next++] : undefined);
    const takeSmallest = () => (next <= last ? order[last--] : undefined);
    const gate = fileGate(options.settings, readerNamed(options.reader, options.settings.profile));
    const callingThreadLane = async () => {
      for (let file = takeSmallest(); file !== undefined; file = takeSmallest()) {
        const outcome = gate(file.path, file.host);
        outcomes[file.index] = outcome;
        options.onOutcome?.(outcome, file.size);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all([
      callingThreadLane(),
      ...Array.from({ length: jobs - 1 }, () => pipelinedLane(takeLargest, outcomes, options)),
    ]);
    return outcomes;
  }
  const lane = async () => {
    let worker: Worker | undefined;
    try {
      for (let file = order[next++]; file !== undefined; file = order[next++]) {
        worker ??= await startWorker(options);
        const result = await gateInWorker(worker, file, capMs);
        if (result.kind === 'outcome') {
          outcomes[file.index] = result.outcome;
          options.onOutcome?.(result.outcome, file.size);
          continue;
        }
        // The gate cannot be interrupted from outside its thread: the thread goes, a fresh one follows.
        const stuck = worker;
        worker = undefined;
        await stuck.terminate();
        options.onTimeout?.(file.path, file.size);
      }
    } finally {
      await worker?.terminate();
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
  return outcomes;
}

/**
 * One uncapped lane: a worker kept `PIPELINE_DEPTH` files ahead, answers matched by id. A worker that fails
 * or stops fails the scan, as a lane with a cap does.
 */
async function pipelinedLane(
  take: () => Ordered | undefined,
  outcomes: (GateOutcome | undefined)[],
  options: PoolOptions,
): Promise<void> {
  const first = take();
  if (first === undefined) return;
  const worker = await startWorker(options);
  const pathOf = new Map<number, Ordered>();
  try {
    await new Promise<void>((resolve, reject) => {
      const send = (file: Ordered | undefined) => {
        if (file === undefined) {
          if (pathOf.size === 0) resolve();
          return;
        }
        pathOf.set(file.index, file);
        worker.postMessage({ id: file.index, path: file.path, host: file.host });
      };
      worker.on('message', (reply: WorkerReply) => {
        const file = pathOf.get(reply.id);
        pathOf.delete(reply.id);
        if (!file) return;
        if ('error' in reply) {
          reject(new Error(`gating ${file.path}: ${reply.error}`));
          return;
        }
        outcomes[file.index] = reply.outcome;
        options.onOutcome?.(reply.outcome, file.size);
        send(take());
      });
      worker.once('error', reject);
      worker.once('exit', () => {
        const [waiting] = pathOf.values();
        if (waiting) reject(new Error(`gating ${waiting.path}: the worker stopped without an answer`));
      });
      send(first);
      for (let i = 1; i < PIPELINE_DEPTH; i++) send(take());
    });
  } finally {
    await worker.terminate();
  }
}
