import { Worker } from 'node:worker_threads';
import { fileGate, type GateFileSettings, type GateOutcome } from './gate-file.js';
import { type ReaderName, readerNamed } from './reader.js';

export interface PoolOptions {
  settings: GateFileSettings;
  reader: ReaderName;
  /** Worker threads; 1 gates inline on the calling thread. */
  jobs: number;
  /** Below this many bytes of work, gate inline: a pool costs more to start than it saves (default 16 MB). */
  inlineBelowBytes?: number;
  /** Called after each file, in completion order. */
  onOutcome?: (outcome: GateOutcome, size: number) => void;
}

const INLINE_BYTES = 16 * 1024 * 1024;

/**
 * Gates files on a worker_threads pool, largest first so that one big transcript does not finish last
 * and leave the other threads idle. Outcomes come back in input order.
 */
export async function gateFiles(
  files: { path: string; size: number }[],
  options: PoolOptions,
): Promise<GateOutcome[]> {
  const order = files.map((file, index) => ({ ...file, index })).sort((a, b) => b.size - a.size);
  const outcomes: GateOutcome[] = new Array(files.length);
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const jobs = Math.max(1, Math.min(options.jobs, order.length));
  if (jobs === 1 || totalBytes < (options.inlineBelowBytes ?? INLINE_BYTES)) {
    const gate = fileGate(options.settings, readerNamed(options.reader));
    for (const file of order) {
      const outcome = gate(file.path);
      outcomes[file.index] = outcome;
      options.onOutcome?.(outcome, file.size);
    }
    return outcomes;
  }
  const workerUrl = new URL('./worker.js', import.meta.url);
  let next = 0;
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(workerUrl, {
        workerData: { settings: options.settings, reader: options.reader },
      });
      const feed = () => {
        const file = order[next++];
        if (file === undefined) {
          void worker.terminate().then(() => resolve());
          return;
        }
        worker.postMessage({ id: file.index, path: file.path });
      };
      worker.on('message', (message: { id: number; outcome?: GateOutcome; error?: string }) => {
        if (!message.outcome) {
          reject(new Error(`gating ${files[message.id]?.path}: ${message.error}`));
          void worker.terminate();
          return;
        }
        outcomes[message.id] = message.outcome;
        options.onOutcome?.(message.outcome, files[message.id]!.size);
        feed();
      });
      worker.on('error', reject);
      feed();
    });
  await Promise.all(Array.from({ length: jobs }, runWorker));
  return outcomes;
}
