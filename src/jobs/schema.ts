import { z } from 'zod';

/** A job id: `job_` and a ULID, so ids sort by start time. */
export const JOB_ID_PATTERN = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;

/** One row of Retrospect's own job store (`<data dir>/jobs.jsonl`): a deep-read or walk run. */
export const jobRecordSchema = z.object({
  id: z.string().regex(JOB_ID_PATTERN),
  /** The command as the user ran it, secrets and home paths redacted (e.g. `walk HEAD~3..HEAD --json out.json`). */
  command: z.string().min(1),
  started_at: z.string().min(1),
  finished_at: z.string().min(1),
  exit_status: z.number().int(),
  /** `sha256:<hex>` of the output the run produced, or null when it produced none (never invented). */
  output_digest: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .nullable(),
});

export type JobRecord = z.infer<typeof jobRecordSchema>;
export type NewJobRecord = Omit<JobRecord, 'id'>;
