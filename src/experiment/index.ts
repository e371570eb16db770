// The experiment's public API: the same tasks run with and without the rules.
export { AGENT_DRIVERS, AGENT_NAMES, type AgentDriver, type AgentName } from './agents.js';
export { type ExperimentBudget, worstCase } from './budget.js';
export { checkArgv } from './check-command.js';
export { armFigures, type MeasureEffect, measureEffects } from './effects.js';
export {
  type ExperimentOptions,
  type ExperimentOutcome,
  type ExperimentPlan,
  planExperiment,
  resumeExperiment,
  runExperiment,
} from './experiment.js';
export { COUNTED_SIGNALS, measureTranscript, PHRASING_SIGNAL } from './measure.js';
export { type Arm, type PlannedRun, planRuns } from './plan.js';
export { type ExperimentReport, experimentReport } from './report-json.js';
export { readRulesFile } from './rules-file.js';
export { type ExperimentState, type RunRecord, readState } from './state.js';
export { type ExperimentTask, parseTasksJsonl, taskLine } from './tasks.js';
export { tasksFromSessions } from './tasks-from-sessions.js';
export { type RulesOnTrial, rulesOnTrial, takenRuleLines } from './trial-rules.js';
export { writeExperimentReports } from './write-report.js';
