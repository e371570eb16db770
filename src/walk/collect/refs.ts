import { createHash } from 'node:crypto';
import { z } from 'zod';
import { InputError } from '../../errors/errors.js';
import { readRegularText } from '../../fsx/read-regular.js';
import { JOB_ID_PATTERN } from '../../jobs/schema.js';
import { findJob } from '../../jobs/store.js';
import type { JobReference } from '../document.js';
import { type Evidence, fileChange } from '../evidence.js';
import type { HunkLinker, HunkProvenance } from '../link/link.js';
import { collectIdentifiers } from './identifiers.js';
import { PatchParser } from './patch.js';

/**
 * Resolves a job id against Retrospect's own job store (in the data folder `dataDir`); anything else is
 * recorded as unresolved.
 */
export async function resolveJobReference(id: string, dataDir: string): Promise<JobReference> {
  if (!JOB_ID_PATTERN.test(id)) {
    return {
      id,
      status: 'unresolved',
      reason: 'not a Retrospect job id (expected job_<ulid>); no other job source is available',
    };
  }
  const record = await findJob(id, dataDir);
  return record
    ? { id, status: 'resolved', record }
    : { id, status: 'unresolved', reason: "no job with this id in Retrospect's job store" };
}

/** A caller-supplied episode file: what the episode links to. */
const episodeFileSchema = z.object({
  episode: z.string().min(1),
  commit_range: z.string().min(1).optional(),
  jobs: z.array(z.string()).optional(),
  receipts: z.array(z.string()).optional(),
});
export type EpisodeFile = z.infer<typeof episodeFileSchema>;

/** Reads an episode file, or explains why the reference stays unresolved. */
export function readEpisodeFile(
  path: string,
): { ok: true; episode: EpisodeFile } | { ok: false; reason: string } {
  let text: string;
  try {
    text = readRegularText(path);
  } catch {
    return {
      ok: false,
      reason:
        'no episode tool is available and the reference is not an episode file (JSON with episode, commit_range, jobs, receipts)',
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`the episode file is not JSON: ${(error as Error).message}`);
  }
  const parsed = episodeFileSchema.safeParse(value);
  if (!parsed.success) {
    throw new InputError(
      `the episode file does not match {episode, commit_range?, jobs?, receipts?}: ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  return { ok: true, episode: parsed.data };
}

/** Parses supplied diff text (a file or stdin) into file changes; its digest joins the evidence baseline. */
export function collectSuppliedDiff(
  text: string,
  source: string,
  linker: HunkLinker,
  evidence: Evidence,
): void {
  evidence.commands.push({
    command: `(supplied diff: ${source})`,
    exit_status: 0,
    output_sha256: createHash('sha256').update(text).digest('hex'),
    output_bytes: Buffer.byteLength(text),
  });
  const pending: HunkProvenance[] = [];
  let identifiers = new Set<string>();
  const parser = new PatchParser(
    (file) => {
      evidence.changes.push(fileChange(file, { kind: 'supplied' }, pending.splice(0), identifiers));
      identifiers = new Set();
    },
    (file, hunk, added) => {
      pending.push(linker.link(file, hunk, added));
      collectIdentifiers(identifiers, added);
    },
  );
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) parser.line(line.endsWith('\r') ? line.slice(0, -1) : line);
  parser.end();
  if (evidence.changes.length === 0) {
    evidence.warnings.push(`the supplied diff (${source}) holds no file changes`);
    evidence.notes.push('The supplied diff holds no file changes.');
  }
}
