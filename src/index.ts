// Public library API: re-exports only. One block per module, so that parallel work merges cleanly.

// deep read (phase 2)
export {
  createDeepReader,
  DEFAULT_PROPOSAL_LIMIT,
  type DeepReadOptions,
  type DeepReadPlan,
  type DeepReadRequest,
  deepRead,
  fabricationAnchorId,
  planDeepRead,
  proposalScore,
  rankProposals,
} from './deepread/index.js';
export type {
  Citation,
  DeepReadResult,
  DeepReadUsage,
  DroppedItem,
  FabricationAnchor,
  Observation,
  Proposal,
} from './deepread/types.js';
export { StoreError, type StoreProblem } from './errors/errors.js';
// experiment (the same tasks with and without the rules)
export {
  type ExperimentOptions,
  type ExperimentReport,
  type ExperimentTask,
  experimentReport,
  parseTasksJsonl,
  planExperiment,
  resumeExperiment,
  runExperiment,
} from './experiment/index.js';
// export (OpenTelemetry)
export {
  exportOtlp,
  type OtlpExportOptions,
  type OtlpExportSummary,
  ruleTextHash,
} from './export/index.js';
// fsx
export { appendJsonLine, readTextIfExists, withLock, writeFileAtomic } from './fsx/index.js';
// gate
export {
  DEFAULT_GATE_PROFILE,
  formatVerdictJson,
  GATE_PROFILES,
  GATE_VERSION,
  type GateOptions,
  type GateProfile,
  type GateResult,
  type GateSettingFlags,
  type GateSettings,
  type GateSignal,
  type GateVerdict,
  gateSession,
  gateSessionSync,
  type HitReason,
  renderWhy,
  resolveGateSettings,
} from './gate/index.js';
// git
export { findGitRoots, type GitRoots } from './git/roots.js';
export { locateSessionTranscript, type SessionLocation } from './hooks/find-session.js';
export { type HintOptions, type HintResult, sessionHint } from './hooks/hint.js';
export { hookCommand } from './hooks/hook-command.js';
// hooks
export { FRICTION_HOOK_EVENTS, isFrictionCaptureCommand } from './hooks/hook-entries.js';
export { applyHookSettings, type HookSettingsOptions, type HookSettingsResult } from './hooks/init.js';
export { installFrictionHooks, removeFrictionHooks } from './hooks/settings-merge.js';
// jobs
export {
  findJob,
  type JobRecord,
  type JobRun,
  jobStorePath,
  outputDigest,
  recordJob,
  startJob,
} from './jobs/index.js';
// ledger
export { appendLedgerRow, serializeLedgerRow } from './ledger/append.js';
export { DEFAULT_LEDGER_CAPS, type LedgerCaps } from './ledger/caps.js';
export { type CaptureOptions, type CaptureResult, captureFriction } from './ledger/capture.js';
export { ledgerPathIn, resolveLedgerPath } from './ledger/path.js';
export {
  countBySession,
  type LedgerReading,
  ledgerRowSchema,
  readLedger,
  type SessionCount,
} from './ledger/read.js';
export { FRICTION_EVENTS, type LedgerRow, rowFromHookPayload } from './ledger/row.js';
export { type LedgerSettings, ledgerCaps, resolveLedgerSettings } from './ledger/settings.js';
// llm
export { anthropicProvider } from './llm/anthropic.js';
export { claudeCliProvider } from './llm/claude-cli.js';
export { isFatalLlmError, LlmError } from './llm/errors.js';
export { heuristicProvider } from './llm/heuristic.js';
export { openAiProvider } from './llm/openai.js';
export type { JsonCompletion, JsonSchemaSpec, LlmPort, LlmRequest, LlmUsage } from './llm/port.js';
export { PROVIDER_NAMES, selectProvider } from './llm/select.js';
export { type ReaderSettings, resolveReaderSettings } from './llm/settings.js';
export { createLinePrompter, type Prompter } from './prompt/line-prompter.js';
// report
export {
  buildReport,
  buildReportFrom,
  buildReportModel,
  type ReportModel,
  type ReportOptions,
  readChartJsSource,
  readTrialHistory,
  renderReportHtml,
  writeReportFile,
} from './report/index.js';
// retro (classification, apply) and rules (writers)
export { applyClassification, newTrialMeta } from './retro/apply.js';
// retro (the orchestrating pipeline)
export { findCandidates } from './retro/candidates.js';
export { classifyProposal, classifyProposals, loadExistingRules, ruleTokens } from './retro/classify.js';
export { autoDecider, type ProposalChoice, type RetroDecider, type TrialChoice } from './retro/decide.js';
export type { DeepReader, DeepReadOutcome } from './retro/deep-read-port.js';
export { projectDeepReader } from './retro/deep-reader.js';
export { interactiveDecider } from './retro/interactive.js';
export { type RetroOptions, runRetro } from './retro/pipeline.js';
export { renderOutcome, summaryLine } from './retro/render.js';
export { fillReport, runScheduledRetro } from './retro/scheduled.js';
export type { AppliedChange, RetroCounts, RetroOutcome } from './retro/types.js';
export { appendBacklogEntry } from './rules/backlog.js';
export {
  appendDirective,
  editDirectives,
  keepTrialDirective,
  readDirectiveItems,
  removeDirective,
  replaceDirective,
} from './rules/directives.js';
export {
  appendLesson,
  editLessons,
  keepTrialLessonText,
  LESSONS_HEADER,
  readLessonItems,
  removeLessonText,
  replaceLesson,
} from './rules/lessons.js';
export { lessonLoadWarnings } from './rules/lessons-load.js';
export { applyFileChanges, type FileChange, planLessonsWiring } from './rules/lessons-wiring.js';
export {
  type LoadProfile,
  loadProfile,
  type RuleLoadCost,
  ruleLoadCost,
  sessionLoad,
} from './rules/load-cost.js';
export { CHARS_PER_TOKEN, estimateRuleTokens } from './rules/rule-tokens.js';
export {
  legacyLessonsPath,
  lessonsPath,
  RULE_OWNERS,
  RULE_TARGETS,
  type RuleOwner,
  TEAM_AGENTS,
} from './rules/targets.js';
export { annotateTrial, parseTrialLine, stripTrialComment } from './rules/trial-comment.js';
// scan
export {
  gateFiles,
  type ScanFilter,
  type ScanOptions,
  type ScanResult,
  scanRecordJson,
  scanSessions,
} from './scan/index.js';
// schedule
export {
  acquireScheduledLock,
  LOCK_HELD_MESSAGE,
  type RunScheduledOptions,
  releaseScheduledLock,
  resolveScheduleSettings,
  runScheduled,
  type ScheduledReportInput,
  type ScheduledRunContext,
  type ScheduledRunResult,
  type ScheduleSettings,
  scheduledRunExitCode,
  writeScheduledReport,
} from './schedule/index.js';
// sprint
export {
  applyEscalations,
  buildSprintReport,
  draftsForRetro,
  emitBrainLessons,
  facilitateFromAnswers,
  facilitateInteractive,
  loadAnswers,
  parseVerdict,
  type RetroDrafts,
  readActionItems,
  readTechDebtReflection,
  recordSprintRetro,
  requestRetroDrafts,
  scanThemes,
  skeletonFromMetrics,
  themeHash,
  upsertActionItem,
  writeMemoryEntry,
  writeValidatorRecord,
} from './sprint/index.js';
// store
export {
  countSignals,
  hashName,
  type KnownFile,
  moveStoreAside,
  openSessionStore,
  openStore,
  resolveStoreSettings,
  type SessionQuery,
  type SessionRecord,
  type SessionStarts,
  SessionStore,
  type SessionStorePort,
  STORE_FILE,
  type StoredSessionScore,
  type StoreIdentity,
  type StoreLocation,
  type StoreSettings,
  sessionStarts,
  storeIdentity,
  storeLocation,
} from './store/index.js';
// transcript
export { type Discovery, type DiscoveryRoot, discoverSessions } from './transcript/discover.js';
export {
  adapterFor,
  adapterNamed,
  claudeCodeAdapter,
  detectHost,
  HOST_ADAPTERS,
  type HostAdapter,
} from './transcript/host.js';
export type { TranscriptMessage } from './transcript/messages.js';
export { isOwnRunHead, isOwnRunPrompt, isOwnRunTranscript, ownRunMarker } from './transcript/own-run.js';
export { readTranscriptEvents, readTranscriptObjects } from './transcript/read.js';
export type { SessionSource } from './transcript/source.js';
export {
  type AssistantEvent,
  HOST_NAMES,
  type HostName,
  isHostName,
  type SessionFacts,
  type TranscriptFacts,
  type TurnCounts,
  type TurnEvent,
  type UserEvent,
} from './transcript/types.js';
// trial
export { applyTrialDecision } from './trial/apply.js';
export { type CostEffect, type SpendShift, trialCostEffect } from './trial/effect/cost.js';
export { type EffectEvidence, type EffectSettings, evaluateTrialEffect } from './trial/effect/evaluate.js';
export { shiftInterval } from './trial/effect/rank-interval.js';
export { type RuleSavings, weeklySavings } from './trial/effect/weekly-savings.js';
export { readSessionEvidence, type SessionEvidence } from './trial/evidence/read.js';
export { recordTrialDecision } from './trial/history.js';
export {
  reviewTrials,
  TRIAL_RULES,
  type TrialReviewOptions,
  type TrialRuleName,
} from './trial/project-review.js';
export { evaluateTrial, findTrialRules, type TrialRule, trialLabel } from './trial/review.js';
export { type RuleMeta, readRuleMeta, recordRuleMeta, ruleKey } from './trial/rule-meta.js';
export { type SessionScore, type SessionScoreSource, scoresFileSource } from './trial/scores.js';
export { projectScoreSource, transcriptScoreSource } from './trial/sources.js';
export { storeScoreSource } from './trial/store-source.js';
export type { UnscoredSession } from './trial/unscored.js';
export { isTrialElapsed } from './trial/window.js';

// version
export { VERSION } from './version.js';

// walk
export {
  type ChangeUnit,
  providerReviewer,
  renderMarkdown,
  type UnitReviewer,
  WALK_PLAN_TOML,
  type WalkComment,
  type WalkDocument,
  type WalkOptions,
  type WalkResult,
  walkChangeSet,
  walkDocumentSchema,
} from './walk/index.js';
