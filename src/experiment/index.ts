// The experiment's public API: the same tasks run with and without the rules.
export { AGENT_DRIVERS, AGENT_NAMES, type AgentDriver, type AgentName } from './agents.js';
export { type ExperimentBudget, worstCase } from './budget.js';
export { checkArgv } from './check-command.js';
export { rulesCommittedAt } from './committed-rules.js';
export {
  armFigures,
  DECIDING_MEASURES,
  type MeasureEffect,
  measureEffects,
  type Verdict,
} from './effects.js';
export {
  type ExperimentOptions,
  type ExperimentOutcome,
  type ExperimentPlan,
  type LeftOutTask,
  planExperiment,
  resumeExperiment,
  runExperiment,
} from './experiment.js';
export { COUNTED_SIGNALS, measureTranscript, PHRASING_SIGNAL } from './measure.js';
export { DEFAULT_MIN_EFFECT, type MinEffect } from './min-effect.js';
export { type Arm, type PlannedRun, planRuns } from './plan.js';
export { type ExperimentReport, experimentReport } from './report-json.js';
export { readRulesFile } from './rules-file.js';
export { calibratedShareLevel, newcombeFalsePositiveRate } from './share-calibration.js';
export { type ExperimentState, type RunRecord, readState } from './state.js';
export { type ExperimentTask, type FollowUp, parseTasksJsonl, taskLine } from './tasks.js';
export { tasksFromSessions } from './tasks-from-sessions.js';
export { type RulesOnTrial, ruleOfTrial, rulesOnTrial, takenRuleLines } from './trial-rules.js';
export { writeExperimentReports } from './write-report.js';
