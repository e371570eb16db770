export {
  type ChangeUnit,
  type WalkComment,
  type WalkDocument,
  walkDocumentSchema,
  walkJsonSchema,
} from './document.js';
export { type CommentPrompter, streamPrompter } from './guided.js';
export { WALK_PLAN_TOML } from './plan.js';
export { renderMarkdown } from './render.js';
export { heuristicReviewer, type UnitReviewer } from './review.js';
export { type WalkOptions, type WalkResult, walkChangeSet } from './walk.js';
