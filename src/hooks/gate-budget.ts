import { Worker } from 'node:worker_threads';
import type { GateWorkerInput, GateWorkerOutput } from './gate-worker.js';

export type BudgetedGate = { ok: true; gate: GateWorkerOutput } | { ok: false; reason: string };

/**
 * Gates a transcript in a worker thread and gives up after `budgetMs`, terminating the worker, so that a
 * hook never outlives its budget however large the transcript is.
 */
export function gateWithinBudget(input: GateWorkerInput, budgetMs: number): Promise<BudgetedGate> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./gate-worker.js', import.meta.url), { workerData: input });
    let settled = false;
    const finish = (result: BudgetedGate) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: `the gate did not finish within ${budgetMs} ms` }),
      budgetMs,
    );
    worker.once('message', (gate: GateWorkerOutput) => finish({ ok: true, gate }));
    worker.once('error', (error) => finish({ ok: false, reason: `the gate failed: ${error.message}` }));
    worker.once('exit', () => finish({ ok: false, reason: 'the gate stopped without an answer' }));
  });
}
