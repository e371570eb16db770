import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ensureInsideProject, readProjectTextIfExists, writeFileAtomic } from '../../fsx/index.js';
import type { SprintReport } from '../facts/report.js';
import type { RetroDrafts } from './drafts.js';
import type { RecordedAnswer } from './resumable.js';
import { suggestImprovements, suggestWentWell } from './suggest.js';

/** Where an interrupted retro's answers wait: the state tier, one file per sprint. */
function retroDraftPath(sprintId: string): string {
  return `.gaia/state/retro-draft-${sprintId.replace(/[^A-Za-z0-9._-]/g, '-')}.json`;
}

const draftSchema = z.object({
  sprint_id: z.string(),
  saved_at: z.string(),
  fingerprint: z.string(),
  answers: z.array(z.object({ section: z.number().int().min(0).max(3), line: z.string() })),
  model_drafts: z.unknown().optional(),
});

export interface SavedRetroDraft {
  sprintId: string;
  savedAt: string;
  answers: RecordedAnswer[];
  /** The model drafts offered then: the answers refer to them, so a resumed session offers the same. */
  modelDrafts?: RetroDrafts;
  /** False when the sprint's proposals changed since: the answers' item numbers would point elsewhere. */
  fits: boolean;
}

/** What the answers refer to: the proposed items and the model drafts, hashed. */
function fingerprintOf(report: SprintReport, drafts: RetroDrafts | undefined): string {
  const proposed = {
    wentWell: suggestWentWell(report),
    improvements: suggestImprovements(report).map((i) => [i.text, i.action.text]),
    drafts: drafts ?? null,
  };
  return createHash('sha256').update(JSON.stringify(proposed)).digest('hex');
}

/** Keeps the answers of an interrupted session (atomic write; never through a link out of the project). */
export function saveRetroDraft(
  root: string,
  report: SprintReport,
  drafts: RetroDrafts | undefined,
  answers: readonly RecordedAnswer[],
  now: Date,
): string {
  const rel = retroDraftPath(report.sprintId);
  const path = join(root, rel);
  ensureInsideProject(root, path);
  const record = {
    sprint_id: report.sprintId,
    saved_at: now.toISOString(),
    fingerprint: fingerprintOf(report, drafts),
    answers,
    ...(drafts ? { model_drafts: drafts } : {}),
  };
  writeFileAtomic(path, `${JSON.stringify(record, null, 2)}\n`);
  return rel;
}

/** The draft of this sprint's retro, or undefined (none, or a file that is not one: then it is ignored). */
export function loadRetroDraft(root: string, report: SprintReport): SavedRetroDraft | undefined {
  const text = readProjectTextIfExists(root, retroDraftPath(report.sprintId));
  if (text === undefined) return undefined;
  let parsed: z.infer<typeof draftSchema>;
  try {
    parsed = draftSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
  if (parsed.sprint_id !== report.sprintId) return undefined;
  const modelDrafts = parsed.model_drafts as RetroDrafts | undefined;
  return {
    sprintId: parsed.sprint_id,
    savedAt: parsed.saved_at,
    answers: parsed.answers,
    ...(modelDrafts ? { modelDrafts } : {}),
    fits: parsed.fingerprint === fingerprintOf(report, modelDrafts),
  };
}

/** Removes the draft once the retro it belongs to is complete. */
export function removeRetroDraft(root: string, sprintId: string): void {
  const path = join(root, retroDraftPath(sprintId));
  ensureInsideProject(root, path);
  rmSync(path, { force: true });
}
