import type { PriceSource } from '../cost/price-table.js';
import type { SignalName } from '../gate/signals.js';
import type { LoadProfile } from '../rules/load-cost.js';
import type { HostName } from '../transcript/types.js';
import type { AgentRules } from '../trial/inventory.js';
import type { TrialSummary } from '../trial/state.js';

/** Counts of the five gate signals. */
export type SignalCounts = Record<SignalName, number>;

/** The headline numbers over the selected sessions. */
export interface ReportSummary {
  /** Main sessions (sub-agent transcripts are counted apart). */
  sessions: number;
  subAgentTranscripts: number;
  /** Main sessions at or above the threshold. */
  flagged: number;
  /** flagged / sessions, 0 when there are no sessions. */
  flaggedShare: number;
  /** Flagged sub-agent transcripts (their parent may or may not be flagged). */
  flaggedSubAgents: number;
  gone: number;
  projects: number;
  /** Signal totals over every transcript, sub-agents included (as `retrospect scan` sums them). */
  signals: SignalCounts;
  /** Earliest and latest session start (ISO), undefined without sessions. */
  firstStart: string | undefined;
  lastStart: string | undefined;
  /** Transcripts whose first timestamp was missing or unusable: their file's modification time was used. */
  startsFromFile: { sessions: number; subAgentTranscripts: number };
}

/** One series of the friction-over-time chart: all projects, or one project. */
export interface WeeklySeries {
  /** The project folder name; undefined for all projects together. */
  project: string | undefined;
  sessions: number[];
  flagged: number[];
  /** Mean gate score of the week's sessions; null for a week without sessions. */
  meanScore: (number | null)[];
}

/**
 * Friction per week (weeks start on Monday, UTC), every week from the first to the last session, but at most
 * the latest 260 weeks.
 */
export interface WeeklyFriction {
  /** The Monday of each week, `YYYY-MM-DD`. */
  weeks: string[];
  /** Main sessions that started before the first week shown (the span is bounded). */
  leftOut: number;
  /** All projects first, then each project, busiest first. */
  series: WeeklySeries[];
}

/** One project's aggregate: sessions, flagged, mean score and its signal mix. */
export interface ProjectFriction {
  project: string;
  sessions: number;
  flagged: number;
  meanScore: number;
  signals: SignalCounts;
}

/** One signal of a flagged session, with the messages it fired on. */
export interface SignalDrill {
  signal: SignalName;
  label: string;
  count: number;
  /** Each anchor message; `text` is null when the transcript is gone or the message was not found. */
  excerpts: { messageId: string; text: string | null }[];
}

/** One coding agent's aggregate (Claude Code, Codex, Gemini CLI, …). */
export interface HostFriction {
  host: HostName;
  /** How people name the agent. */
  label: string;
  sessions: number;
  flagged: number;
  meanScore: number;
  /** Turns people typed, over the transcripts whose turns were counted (`turnsCounted`). */
  humanTurns: number;
  /** Failed tool calls the transcripts record (an error flag or a non-zero exit code). */
  toolErrors: number;
  /** Transcripts stored with turn counts (rows stored before turns were counted have none). */
  turnsCounted: number;
  signals: SignalCounts;
}

/** One row of the top flagged sessions table. */
export interface FlaggedSession {
  project: string;
  sessionId: string;
  /** For a sub-agent transcript: its `agent-<id>`. */
  agentId: string | undefined;
  start: string;
  /** The transcript gave no usable start time: `start` is its file's modification time. */
  startFromFile: boolean;
  score: number;
  signals: SignalCounts;
  gone: boolean;
  /** What triggered the verdict, signal by signal. */
  drill: SignalDrill[];
}

/** A trial decision as the project's directive history records it. */
export interface TrialDecision {
  ts: string;
  agent: string;
  directive: string;
  decision: 'KEEP' | 'REVERT' | 'DEFER' | 'INCONCLUSIVE';
  decidedBy: string;
  trialStart: string;
  baseline: { mean: number; n: number };
  inTrial: { mean: number; n: number };
}

/** The directive history read back: the decisions and how many lines could not be read. */
export interface TrialHistory {
  decisions: TrialDecision[];
  skippedLines: number;
}

/** The filters the report was made with, shown in its header. */
export interface ReportScope {
  project: string | undefined;
  /** Only sessions of these agents (undefined: every agent). */
  hosts?: readonly HostName[] | undefined;
  since: string | undefined;
  until: string | undefined;
  threshold: number;
}

/** Everything the HTML shows, as plain data (also embedded in the page as JSON). */
export type { SpendReport } from './spend.js';

import type { SpendReport } from './spend.js';
import type { SurvivalReport } from './survival.js';

export interface ReportModel {
  generatedAt: string;
  scope: ReportScope;
  summary: ReportSummary;
  weekly: WeeklyFriction;
  projects: ProjectFriction[];
  /** Per coding agent, most sessions first. */
  hosts: HostFriction[];
  topFlagged: FlaggedSession[];
  /** Present when a project root was given. */
  trials: TrialHistory | undefined;
  /** "Do the rules work?": present when a project root was given. */
  rules?: RulesReport | undefined;
  /** What the sessions cost at API prices and what friction took (docs/cost.md); absent without usage. */
  spend?: SpendReport | undefined;
  /** What became of the sessions' committed code (`report --survival`); absent unless asked for. */
  survival?: SurvivalReport | undefined;
}

/** The project's rules as `trial list` and `retrospect rules` see them, for the report. */
export interface RulesReport {
  /** The day the trials were weighed on. */
  today: string;
  budget: number;
  trials: TrialSummary[];
  /** Each rule with what it costs to load a week and what its trial says it saves (`retrospect rules`). */
  agents: AgentRules[];
  /** The sessions the load a week is taken from (the four weeks before `today`). */
  load: LoadProfile;
  /** The price tables the money is at. */
  prices: PriceSource[];
}
