export {
  type ActionItem,
  type ActionItemWrite,
  type NewActionItem,
  nextActionItemId,
  readActionItems,
  upsertActionItem,
} from './action-items.js';
export { authorizeTarget, WRITE_ALLOWLIST } from './allowlist.js';
export { loadAnswers, type RetroAnswers } from './answers.js';
export { renderArtifact, writeArtifactOnce } from './artifact.js';
export { type BrainLesson, emitBrainLessons } from './brain.js';
export { type DraftOptions, draftsForRetro, renderDraftList } from './draft-session.js';
export {
  type DraftedAction,
  draftRequest,
  type RetroDrafts,
  requestRetroDrafts,
  unsafeDraftReason,
} from './drafts.js';
export { facilitateFromAnswers, type RetroInputs, skeletonFromMetrics } from './facilitate.js';
export { facilitateInteractive } from './facilitate-prompts.js';
export { computeSprintMetrics, percent, type SprintMetrics } from './metrics.js';
export { resolveProjectRoot } from './paths.js';

export { answersDecider, type DecideProposal, promptDecider } from './proposal-decisions.js';
export { buildSprintReport, renderSprintReport, type SprintReport, sprintReportJson } from './report.js';
export { type RetroRunOptions, type RetroRunResult, recordSprintRetro, renderRetroContext } from './retro.js';
export { collectSprintReviews, type ReviewVerdict } from './reviews.js';
export { writeApprovedProposal } from './skills.js';
export { loadSprintStatus, resolveSprint } from './status.js';
export { readTechDebtReflection, renderTechDebtReflection, type TechDebtReflection } from './techdebt.js';
export { themeHash } from './theme-hash.js';
export { applyEscalations, type Escalation, type SystemicTheme, scanThemes } from './themes.js';
export { finalizeRetro, writeValidatorRecord } from './validator.js';
export { parseVerdict } from './verdict.js';
export { velocityPayload, type WriteResult, type WriteStatus, writeMemoryEntry } from './writers.js';
