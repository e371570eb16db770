export { readChartJsSource } from './chart-source.js';
export { escapeHtml, jsonForScriptElement } from './escape.js';
export { REPORT_MARKER } from './marker.js';
export {
  buildReport,
  buildReportFrom,
  buildReportModel,
  type ReportOptions,
  reportSelection,
  selectReportRecords,
} from './model.js';
export { renderReportHtml } from './render.js';
export { buildRulesReport } from './rules.js';
export {
  buildSurvivalReport,
  type SurvivalReport,
  type SurvivalShare,
  survivalMeasureOrder,
} from './survival.js';
export { readTrialHistory } from './trials.js';
export type {
  FlaggedSession,
  HostFriction,
  ProjectFriction,
  ReportModel,
  ReportSummary,
  RulesReport,
  TrialDecision,
  TrialHistory,
  WeeklyFriction,
  WeeklySeries,
} from './types.js';
export { type ReportWriteOptions, type ReportWriteResult, writeReportFile } from './write.js';
