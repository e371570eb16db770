export {
  type ChangeUnit,
  type WalkComment,
  type WalkDocument,
  walkDocumentSchema,
  walkJsonSchema,
} from './document.js';
export type { CommentPrompter } from './guided.js';
export { providerReviewer, validateModelComment } from './llm-review.js';
export { WALK_PLAN_TOML } from './plan.js';
export { renderMarkdown } from './render.js';
export {
  heuristicUnitReview,
  type ProposedComment,
  type ReviewContext,
  type UnitReviewer,
} from './review.js';
export { type WalkOptions, type WalkResult, walkChangeSet } from './walk.js';
