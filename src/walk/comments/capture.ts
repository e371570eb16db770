import { InputError } from '../../errors/errors.js';
import { GitRunner } from '../collect/git-run.js';
import { readUnitPatch } from '../collect/unit-patch.js';
import type { ChangeUnit, WalkComment, WalkMode } from '../document.js';
import type { Evidence, FileChange } from '../evidence.js';
import { renderUnit } from '../render/unit.js';
import { makeComment } from './comments.js';
import { type CommentPrompter, captureGuidedComments } from './guided.js';
import { withDisposableWorktree } from './isolation.js';
import { providerReviewer } from './llm-review.js';
import { gitLineCounter, placeComment } from './placement.js';
import type { UnitReviewer } from './review.js';
import { placeSuppliedComments, type SuppliedComment } from './supplied.js';

/** The most diff text a guided walk pages through per unit. */
const MAX_GUIDED_DIFF_CHARS = 400_000;

/** What comment capture needs from the caller. */
export interface CaptureOptions {
  mode: WalkMode;
  env: NodeJS.ProcessEnv;
  /** Capture comments (default true); false walks without asking and without model comments. */
  captureComments?: boolean;
  /** Guided mode: where units are shown and comments asked for. */
  prompter?: CommentPrompter;
  /** Agent-driven mode: who comments (default: the built-in heuristic reviewer). */
  reviewer?: UnitReviewer;
  /** The reviewer's name on guided comments (default: "reviewer"). */
  reviewerName?: string;
  /**
   * Comments given up front (`--comments FILE`, the MCP walk's `comments`), in every mode: placed and
   * checked as a reviewer's answers are, recorded before any others.
   */
  suppliedComments?: readonly SuppliedComment[];
  /** Who wrote supplied comments that name no author (default: a person, `reviewerName`). */
  suppliedAuthor?: WalkComment['author'];
}

/**
 * Captures comments by mode: guided asks a person unit by unit, agent-driven asks a reviewer (in a
 * throwaway worktree when it may write), summary-only and --no-comments capture none.
 */
export async function captureComments(
  options: CaptureOptions,
  units: ChangeUnit[],
  changesByUnit: Map<string, FileChange[]>,
  evidence: Evidence,
  retrospectiveId: string,
  now: () => Date,
  nextUlid: () => string,
): Promise<WalkComment[]> {
  const ids = { retrospectiveId, now, ulid: nextUlid, env: options.env };
  const git = evidence.workspaceSource
    ? new GitRunner(evidence.workspaceSource.root, options.env)
    : undefined;
  const countLines = gitLineCounter(git);
  const unitOf = (file: string) => units.find((u) => u.files.includes(file))?.change_unit_id;
  const person = { author_type: 'human' as const, identifier: options.reviewerName ?? 'reviewer' };
  const given = (
    await placeSuppliedComments(
      options.suppliedComments ?? [],
      units,
      changesByUnit,
      countLines,
      options.suppliedAuthor ?? person,
    )
  ).map(({ unitId, draft }) => makeComment(draft, unitId, ids));
  if (options.captureComments === false || options.mode === 'summary-only') return given;
  if (options.mode === 'guided') {
    if (!options.prompter)
      throw new InputError('guided mode needs a terminal (or an input stream) to ask for comments');
    const changesOf = (unit: ChangeUnit) => changesByUnit.get(unit.change_unit_id) ?? [];
    const guided = await captureGuidedComments(units, options.prompter, {
      present: renderUnit,
      place: (location, unit) => placeComment(location, unit, changesOf(unit), countLines, unitOf),
      make: (draft, unitId) => makeComment({ ...draft, author: person }, unitId, ids),
      diff: (unit) => readUnitPatch(git, changesOf(unit), MAX_GUIDED_DIFF_CHARS),
    });
    return [...given, ...guided.comments];
  }
  const reviewer = options.reviewer ?? providerReviewer({ env: options.env }).reviewer;
  const author = {
    author_type: 'model' as const,
    identifier: reviewer.identifier,
    model_key: reviewer.modelKey,
  };
  const reviewAll = async (workspace?: string) => {
    const comments: WalkComment[] = [];
    for (const unit of units) {
      const changes = changesByUnit.get(unit.change_unit_id) ?? [];
      const context = { ...(workspace ? { workspace } : {}), patch: () => readUnitPatch(git, changes) };
      for (const proposed of await reviewer.review(unit, changes, context)) {
        // A model comment is evidence, never an approval: an approval it proposes is kept as a note.
        const approval = proposed.type === 'approval';
        const metadata = {
          'retrospect.origin': 'agent-driven',
          ...(approval ? { 'retrospect.proposed_type': 'approval' } : {}),
        };
        const type = approval ? 'note' : proposed.type;
        comments.push(makeComment({ ...proposed, type, author, metadata }, unit.change_unit_id, ids));
      }
    }
    return comments;
  };
  const source = evidence.workspaceSource;
  if (!reviewer.mayWrite || units.length === 0) return [...given, ...(await reviewAll())];
  if (!source) {
    throw new InputError(
      `the reviewer ${reviewer.identifier} may write files and needs a git repository to isolate it in`,
    );
  }
  const changes = [...changesByUnit.values()].flat();
  const reviewed = await withDisposableWorktree(
    git ?? new GitRunner(source.root, options.env),
    source.revision,
    changes,
    reviewAll,
  );
  return [...given, ...reviewed];
}
