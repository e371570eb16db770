import { outputDigest, recordJob } from '../jobs/store.js';
import { resolveStoreSettings } from '../store/settings.js';
import { redactText } from '../walk/redact.js';
import type { CliIo } from './io.js';

/**
 * Records one finished command run in the job store: the command line with secrets, URL credentials
 * (`https://user:key@host`) and home paths redacted, its exit status and a digest of its output.
 */
export function recordCommandRun(
  argv: string[],
  io: CliIo,
  startedAt: string,
  exitStatus: number,
  output: string | null,
): void {
  recordJob(
    {
      command: redactText(argv.join(' ').replace(/\/\/[^/@\s]+@/g, '//[redacted]@'), io.env),
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      exit_status: exitStatus,
      output_digest: output === null ? null : outputDigest(output),
    },
    resolveStoreSettings(io.env).dataDir,
  );
}
