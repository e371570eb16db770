import type { SessionStore } from '../store/open.js';
import type { SessionRecord } from '../store/types.js';

/** Verdicts are saved at least this often (records), so that a scan stopped midway keeps its work. */
const BATCH_RECORDS = 100;
/** ... and at least this often (ms), for scans of a few large files. */
const BATCH_MS = 1_000;

/**
 * Saves gated records to the store in batches while a scan runs, one transaction each, instead of all at
 * the end: a scan that is killed (Ctrl-C, OOM, a reboot) keeps every batch already saved, and the next scan
 * reads only what is left, since the saved files' size and mtime now match.
 */
export class VerdictBatch {
  private pending: SessionRecord[] = [];
  private lastFlush = Date.now();

  constructor(private readonly store: SessionStore) {}

  add(record: SessionRecord): void {
    this.pending.push(record);
    if (this.pending.length >= BATCH_RECORDS || Date.now() - this.lastFlush >= BATCH_MS) this.flush();
  }

  flush(): void {
    this.lastFlush = Date.now();
    if (this.pending.length === 0) return;
    const records = this.pending;
    this.pending = [];
    this.store.upsertSession(...records);
  }
}
