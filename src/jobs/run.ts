import type { JobRecord } from './schema.js';
import { outputDigest, recordJob } from './store.js';

/** A run being timed; `finish` records it in the job store. */
export interface JobRun {
  finish(exitStatus: number, output: string | Buffer | null): JobRecord;
}

/**
 * Starts timing a run of `command` (already redacted by the caller). `finish` appends the record to the job
 * store in `dataDir` (Retrospect's data folder) with the output's digest, or a null digest when the run
 * produced no output (a failure).
 */
export function startJob(command: string, dataDir: string, now = () => new Date()): JobRun {
  const startedAt = now().toISOString();
  return {
    finish: (exitStatus, output) =>
      recordJob(
        {
          command,
          started_at: startedAt,
          finished_at: now().toISOString(),
          exit_status: exitStatus,
          output_digest: output === null ? null : outputDigest(output),
        },
        dataDir,
      ),
  };
}
