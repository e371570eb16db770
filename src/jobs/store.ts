import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { appendJsonLine } from '../fsx/jsonl.js';
import { ulid } from '../ids/ulid.js';
import { type JobRecord, jobRecordSchema, type NewJobRecord } from './schema.js';

/**
 * The job store: one JSON object per line in Retrospect's data folder (`StoreSettings.dataDir`, resolved
 * by the caller's edge, so that this module reads no environment).
 */
export function jobStorePath(dataDir: string): string {
  return join(dataDir, 'jobs.jsonl');
}

/** `sha256:<hex>` of a run's output, the form `output_digest` takes. */
export function outputDigest(output: string | Buffer): string {
  return `sha256:${createHash('sha256').update(output).digest('hex')}`;
}

/**
 * Appends a finished run to the job store (locked, one write, fsynced) and returns the stored record with
 * its new `job_<ulid>` id. The record is validated first so that the store never holds a malformed row.
 */
export function recordJob(record: NewJobRecord, dataDir: string): JobRecord {
  const stored = jobRecordSchema.parse({ id: `job_${ulid()}`, ...record });
  appendJsonLine(jobStorePath(dataDir), stored);
  return stored;
}

/**
 * Finds a job by id. Lines that are torn or do not match the record schema are skipped, so that one bad
 * row never hides the others; when an id was recorded twice the last row wins.
 */
export async function findJob(id: string, dataDir: string): Promise<JobRecord | undefined> {
  const path = jobStorePath(dataDir);
  if (!existsSync(path)) return undefined;
  let found: JobRecord | undefined;
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    // Cheap pre-filter: only rows that mention the id are parsed.
    if (!line.includes(id)) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = jobRecordSchema.safeParse(value);
    if (parsed.success && parsed.data.id === id) found = parsed.data;
  }
  return found;
}
