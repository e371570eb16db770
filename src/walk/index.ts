export type { CommentPrompter } from './comments/guided.js';
export { providerReviewer, validateModelComment } from './comments/llm-review.js';
export {
  heuristicUnitReview,
  type ProposedComment,
  type ReviewContext,
  type UnitReviewer,
} from './comments/review.js';
export {
  parseSuppliedComments,
  type SuppliedComment,
  suppliedCommentSchema,
} from './comments/supplied.js';
export {
  type ChangeUnit,
  type WalkComment,
  type WalkDocument,
  walkDocumentSchema,
  walkJsonSchema,
} from './document.js';
export { isThinMessage } from './narrate/thin-message.js';
export { pickWhyReaders, type WhyReaderChoice, type WhyReaders } from './narrate/why-readers.js';
export { WALK_PLAN_TOML } from './plan.js';
export { renderMarkdown } from './render/render.js';
export {
  type SessionLines,
  type SessionSurvivalOptions,
  sessionSurvival,
} from './survival/session-survival.js';
export { type WalkOptions, type WalkResult, walkChangeSet } from './walk.js';
