import type { SessionStorePort } from '../store/port.js';
import type { SessionRecord } from '../store/types.js';

/** Verdicts are saved at least this often (records), so that a scan stopped midway keeps its work. */
const BATCH_RECORDS = 100;
/** ... and at least this often (ms), for scans of a few large files. */
const BATCH_MS = 1_000;

/**
 * Saves gated records to the store in batches while a scan runs, one transaction each, instead of all at
 * the end: a scan that is killed (Ctrl-C, OOM, a reboot) keeps every batch already saved, and the next scan
 * reads only what is left, since the saved files' size and mtime now match. The embedded store saves at
 * once; a shared store's saves run one after another in the background, and `done` waits for the last.
 */
export class VerdictBatch {
  private pending: SessionRecord[] = [];
  private lastFlush = Date.now();
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly store: SessionStorePort) {}

  add(record: SessionRecord): void {
    this.pending.push(record);
    if (this.pending.length >= BATCH_RECORDS || Date.now() - this.lastFlush >= BATCH_MS) this.flush();
  }

  /** Saves what is pending and waits until every batch is saved (a failed save is thrown here). */
  async done(): Promise<void> {
    this.flush();
    await this.saving;
  }

  private flush(): void {
    this.lastFlush = Date.now();
    if (this.pending.length === 0) return;
    const records = this.pending;
    this.pending = [];
    if (this.store.kind === 'sqlite') {
      this.store.upsertSession(...records);
      return;
    }
    const next = this.saving.then(() => this.store.upsertSession(...records));
    // Held until done() awaits it: a failed save must not end the process as an unhandled rejection first.
    next.catch(() => undefined);
    this.saving = next;
  }
}
