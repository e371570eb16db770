// The deep read's public API (the `retrospect/deepread` entry point): re-exports only.
export { isFatalLlmError } from '../llm/errors.js';
export {
  audienceOf,
  createDeepReader,
  type DeepReadAudience,
  type DeepReadOptions,
  type DeepReadPlan,
  type DeepReadRequest,
  deepRead,
  planDeepRead,
} from './deep-read.js';
export { fabricationAnchorId } from './fabrication.js';
export { DEFAULT_PROPOSAL_LIMIT, proposalScore, rankProposals } from './rank.js';
export type { PromptProfile } from './scan.js';
export type { PromptAudience } from './template.js';
export type * from './types.js';
