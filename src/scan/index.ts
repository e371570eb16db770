// The store's path is the store's rule; scan's callers (the scan and report commands, the MCP scan tool) find it here too.
export { storeLocationFor, storePathFor } from '../store/path.js';
export { cleanupPeriodDays, cleanupWarningOnce, DEFAULT_CLEANUP_PERIOD_DAYS } from './cleanup-warning.js';
export {
  byScore,
  matchesFilter,
  ownRunsLeftOut,
  type ScanFilter,
  selectRecords,
  withThreshold,
} from './filter.js';
export type { GateFileSettings, GateOutcome } from './gate-file.js';
export { costFields, scanRecordJson } from './json.js';
export {
  defaultProjectsRoots,
  defaultScanRoots,
  demoProjectsRoot,
  parseDateBound,
  resolveScanRoots,
  type ScanRoots,
} from './options.js';
export { markOwnRuns } from './own-runs.js';
export { gateFiles } from './pool.js';
export { ProgressBar } from './progress.js';
export type { ReaderName } from './reader.js';
export {
  middleTruncate,
  NO_PROJECT,
  priceSourceText,
  renderLegend,
  renderSpend,
  renderSummary,
  renderTable,
  type ScanStats,
  type TableLayout,
} from './render.js';
export { type ScanOptions, type ScanResult, scanSessions } from './scan.js';
export { gateSettingsFor } from './settings.js';
