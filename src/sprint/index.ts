export { loadAnswers, type RetroAnswers } from './facilitate/answers.js';
export { vagueActionReason } from './facilitate/concrete-action.js';
export { type DraftOptions, draftsForRetro, renderDraftList } from './facilitate/draft-session.js';
export {
  type DraftedAction,
  draftRequest,
  type RetroDrafts,
  requestRetroDrafts,
  unsafeDraftReason,
} from './facilitate/drafts.js';
export { facilitateFromAnswers, type RetroInputs, skeletonFromMetrics } from './facilitate/facilitate.js';
export { facilitateInteractive } from './facilitate/facilitate-prompts.js';
export { answersDecider, type DecideProposal, promptDecider } from './facilitate/proposal-decisions.js';
export {
  facilitateResumable,
  type RecordedAnswer,
  RetroInterruptedWithAnswers,
} from './facilitate/resumable.js';
export { loadRetroDraft, removeRetroDraft, saveRetroDraft } from './facilitate/retro-draft.js';
export { BACK_WORD } from './facilitate/session-control.js';
export { type GateRowProblem, reviewGateProblems } from './facts/gate-rows.js';
export { computeSprintMetrics, percent, type SprintMetrics } from './facts/metrics.js';
export {
  buildSprintReport,
  renderSprintReport,
  type SprintReport,
  sprintReportJson,
} from './facts/report.js';
export { type ReviewPattern, reviewFeedbackPatterns, sprintFindings } from './facts/review-patterns.js';
export { normaliseThemeText, themeKey as themeHash, themeKey } from './facts/theme-key.js';
export { type SystemicTheme, scanThemes } from './facts/themes.js';
export { type ActionItem, readActionItems } from './read/action-items.js';
export { resolveProjectRoot } from './read/paths.js';
export { collectSprintReviews, type ReviewVerdict } from './read/reviews.js';
export { loadSprintStatus, resolveSprint } from './read/status.js';
export {
  readTechDebtReflection,
  renderTechDebtReflection,
  type TechDebtReflection,
} from './read/techdebt.js';
export { parseVerdict } from './read/verdict.js';
export {
  type ActionItemWrite,
  type NewActionItem,
  nextActionItemId,
  upsertActionItem,
} from './record/action-items.js';
export { authorizeTarget, WRITE_ALLOWLIST } from './record/allowlist.js';
export { renderArtifact, writeArtifactOnce } from './record/artifact.js';
export { type BrainLesson, emitBrainLessons } from './record/brain.js';
export { applyEscalations, type Escalation } from './record/escalations.js';
export {
  type RetroRunOptions,
  type RetroRunResult,
  recordSprintRetro,
  renderRetroContext,
} from './record/retro.js';
export { writeApprovedProposal } from './record/skills.js';
export { finalizeRetro, writeValidatorRecord } from './record/validator.js';
export { velocityPayload, type WriteResult, type WriteStatus, writeMemoryEntry } from './record/writers.js';
