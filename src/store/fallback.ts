import { StoreError } from '../errors/errors.js';
import { openStore, type SessionStore } from './open.js';

/**
 * The store at `path`, or, when it cannot be used (damaged, read-only, a folder, another program's
 * database), a throwaway in-memory store after one line saying why: the transcripts are then gated
 * directly, as if for the first time, and the run goes on. Verdicts of transcripts deleted since are not
 * available then; nothing is written to the unusable file.
 */
export function openStoreOrMemory(path: string, log: ((line: string) => void) | undefined): SessionStore {
  try {
    return openStore(path);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    log?.(`${error.message}; reading the transcripts directly this time`);
    return openStore(':memory:');
  }
}
