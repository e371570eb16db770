export {
  type ActionItem,
  type ActionItemWrite,
  type NewActionItem,
  nextActionItemId,
  readActionItems,
  upsertActionItem,
} from './action-items.js';
export { authorizeTarget, WRITE_ALLOWLIST } from './allowlist.js';
export { computeSprintMetrics, percent, type SprintMetrics } from './metrics.js';
export { resolveProjectRoot } from './paths.js';
export { buildSprintReport, renderSprintReport, type SprintReport, sprintReportJson } from './report.js';
export { collectSprintReviews, type ReviewVerdict } from './reviews.js';
export { loadSprintStatus, resolveSprint } from './status.js';
export { readTechDebtReflection, renderTechDebtReflection, type TechDebtReflection } from './techdebt.js';
export { themeHash } from './theme-hash.js';
export { applyEscalations, type Escalation, type SystemicTheme, scanThemes } from './themes.js';
export { parseVerdict } from './verdict.js';
export { velocityPayload, type WriteResult, type WriteStatus, writeMemoryEntry } from './writers.js';
