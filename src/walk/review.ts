import { classifyPath } from './classify.js';
import type { CommentLocation } from './comments.js';
import type { ChangeUnit, CommentType } from './document.js';
import type { FileChange } from './evidence.js';

/** A comment a reviewer proposes for a unit. */
export interface ProposedComment {
  type: CommentType;
  text: string;
  location?: CommentLocation;
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
   * worktree of the walked state, passed as `workspace`, never in the user's checkout.
   */
  mayWrite?: boolean;
  review(unit: ChangeUnit, changes: FileChange[], workspace?: string): Promise<ProposedComment[]>;
}

const LARGE_UNIT_LINES = 400;

/**
 * The built-in reviewer: deterministic checks over the evidence (code without tests, deleted tests, units
 * too large to review at once). It never approves.
 */
export const heuristicReviewer: UnitReviewer = {
  identifier: 'retrospect-heuristic',
  modelKey: 'heuristic',
  async review(_unit, changes) {
    const comments: ProposedComment[] = [];
    const roles = changes.map((c) => classifyPath(c.path));
    const testChanged = roles.includes('test');
    for (const change of changes) {
      const role = classifyPath(change.path);
      if (role === 'code' && !change.binary && change.added > 0 && !testChanged) {
        comments.push({
          type: 'concern',
          text: `${change.path} gains ${change.added} line${change.added === 1 ? '' : 's'} and no test changes in this unit.`,
          location: { file: change.path },
        });
      }
      if (role === 'test' && change.status === 'deleted') {
        comments.push({
          type: 'concern',
          text: `The test file ${change.path} is deleted.`,
          location: { file: change.path },
        });
      }
    }
    const lines = changes.reduce((n, c) => n + c.added + c.deleted, 0);
    if (lines > LARGE_UNIT_LINES) {
      comments.push({
        type: 'suggestion',
        text: `This unit changes ${lines} lines; review it hunk by hunk or split it.`,
      });
    }
    return comments;
  },
};
