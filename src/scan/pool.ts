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
