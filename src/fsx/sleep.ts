const waitCell = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread for `ms` without spinning (used by synchronous lock retries in short-lived hooks). */
export function sleepSync(ms: number): void {
  Atomics.wait(waitCell, 0, 0, ms);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
