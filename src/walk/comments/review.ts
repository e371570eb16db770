import type { ChangeUnit, CommentType } from '../document.js';
import type { FileChange } from '../evidence.js';
import { classifyPath } from '../narrate/classify.js';
import type { CommentLocation } from './comments.js';

/** A comment a reviewer proposes for a unit. */
export interface ProposedComment {
  type: CommentType;
  text: string;
  location?: CommentLocation;
}

/** What a reviewer may look at beyond the unit. */
export interface ReviewContext {
  /** A throwaway worktree of the walked state, for reviewers that may write (`mayWrite`). */
  workspace?: string;
  /** The unit's diff text, bounded (empty when the evidence holds none, e.g. a supplied diff). */
  patch(): Promise<string>;
}

/**
 * The agent-driven reviewer port: a model (or a deterministic stand-in) that comments on a unit only where
 * it adds evidence, a concern or an intent question beyond the narrative. Its comments are model evidence,
 * never approval.
 */
export interface UnitReviewer {
  identifier: string;
  modelKey: string;
  /**
   * True when the reviewer may write files (a model with tools): it then works in a throwaway git
   * worktree of the walked state, passed as `context.workspace`, never in the user's checkout.
   */
  mayWrite?: boolean;
  review(unit: ChangeUnit, changes: FileChange[], context: ReviewContext): Promise<ProposedComment[]>;
}

/** The structured evidence the offline reviewer reads (also sent to providers as `evidence`). */
export interface UnitEvidence {
  change_unit_id: string;
  files: { path: string; role: string; status: string; added: number; deleted: number; binary: boolean }[];
}

export function unitEvidence(unit: ChangeUnit, changes: FileChange[]): UnitEvidence {
  return {
    change_unit_id: unit.change_unit_id,
    files: changes.map((c) => ({
      path: c.path,
      role: classifyPath(c.path),
      status: c.status,
      added: c.added,
      deleted: c.deleted,
      binary: c.binary,
    })),
  };
}

const LARGE_UNIT_LINES = 400;

/**
 * The offline reviewer's analysis: deterministic checks over the unit's files (code without test changes,
 * deleted tests, units too large to review at once). It never approves. It answers in the same shape as a
 * model, so its answer goes through the same validation.
 */
export function heuristicUnitReview(evidence: unknown): { comments: ProposedComment[] } {
  const files = (evidence as UnitEvidence | undefined)?.files ?? [];
  const comments: ProposedComment[] = [];
  const testChanged = files.some((f) => f.role === 'test');
  for (const file of files) {
    if (file.role === 'code' && !file.binary && file.added > 0 && !testChanged) {
      comments.push({
        type: 'concern',
        text: `${file.path} gains ${file.added} line${file.added === 1 ? '' : 's'} and no test changes in this unit.`,
        location: { file: file.path },
      });
    }
    if (file.role === 'test' && file.status === 'deleted') {
      comments.push({
        type: 'concern',
        text: `The test file ${file.path} is deleted.`,
        location: { file: file.path },
      });
    }
  }
  const lines = files.reduce((n, f) => n + f.added + f.deleted, 0);
  if (lines > LARGE_UNIT_LINES) {
    comments.push({
      type: 'suggestion',
      text: `This unit changes ${lines} lines; review it hunk by hunk or split it.`,
    });
  }
  return { comments };
}
