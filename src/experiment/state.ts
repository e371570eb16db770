import { join } from 'node:path';
import { InputError } from '../errors/errors.js';
import { writeFileAtomic } from '../fsx/atomic.js';
import { readRegularTextIfExists } from '../fsx/read-regular.js';
import type { AgentName } from './agents.js';
import type { ExperimentBudget } from './budget.js';
import type { TranscriptMeasures } from './measure.js';
import type { MinEffect } from './min-effect.js';
import type { Arm, PlannedRun } from './plan.js';
import type { ExperimentTask } from './tasks.js';

const STATE_FILE = 'experiment.json';
export const STATE_VERSION = 1;

/** How a run ended. */
export type RunStatus = 'finished' | 'timed-out' | 'agent-error';

/** One finished run, as the state file and the report keep it. Paths are relative to the output folder. */
export interface RunRecord {
  id: string;
  taskId: string;
  arm: Arm;
  replicate: number;
  status: RunStatus;
  startedAt: string;
  /** The agent's wall time, milliseconds (the check's is apart). */
  wallMs: number;
  exitCode: number | null;
  /** The agent's transcript, copied into the output folder; null when the agent kept none. */
  transcript: string | null;
  /** Where the transcript came from: the agent's own file, or rebuilt from its event stream (Claude Code). */
  transcriptFrom?: 'agent' | 'stream' | null;
  /** The agent's event stream (its stdout). */
  stream: string;
  /** The task's check after the agent stopped; null when the task names none. */
  check: { passed: boolean; exitCode: number | null; timedOut: boolean; ms: number; output: string } | null;
  tokens: number | null;
  usd: number | null;
  /** The agent's own turn count, when it reports one (summed over its follow-ups). */
  agentTurns: number | null;
  /** The scripted follow-ups sent, in order, with each one's event stream; absent when none was sent. */
  followUps?: { said: string; stream: string }[];
  /** The gated transcript; null without a readable transcript. */
  measures: TranscriptMeasures | null;
  /** The agent's last error, one line. */
  error: string | null;
  /** Where the checkout was left (--keep); null when it was removed. */
  keptCheckout: string | null;
}

/** Everything an experiment needs to carry on after an interruption, and everything its report shows. */
export interface ExperimentState {
  version: number;
  createdAt: string;
  settings: {
    agent: AgentName;
    model: string | null;
    permissionMode: string;
    runsPerArm: number;
    seed: number;
    timeLimitMs: number;
    checkTimeLimitMs: number;
    budget: ExperimentBudget;
    keep: boolean;
    confidence: number;
    /** The smallest effect worth claiming; absent in a state written before it existed (the defaults). */
    minEffect?: MinEffect;
  };
  /** The tasks with the commit each revision named when the experiment was planned. */
  tasks: (ExperimentTask & { sha: string })[];
  /** Tasks of the tasks file that are not run, each with its one line (their commit holds the rules). */
  leftOut?: { task: string; reason: string }[];
  /** The rules of the "with" arm, kept here so that a resumed experiment runs the same rules. */
  rules: { source: string; text: string };
  plan: PlannedRun[];
  runs: Record<string, RunRecord>;
  /** Why the experiment stopped before its plan was done (budget, agent unavailable), or null. */
  stopped: string | null;
  /** The run under way and its checkout folder: a resume removes a folder an interrupted run left. */
  current?: { id: string; checkout: string } | null;
}

export function statePath(outDir: string): string {
  return join(outDir, STATE_FILE);
}

/** Writes the state file (temp + rename: a reader, or a resume after a crash, sees the old file or the new). */
export function writeState(outDir: string, state: ExperimentState): void {
  writeFileAtomic(statePath(outDir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/** The state of the experiment in `outDir`, or a one-line error saying there is none to carry on. */
export function readState(outDir: string): ExperimentState {
  const text = readRegularTextIfExists(statePath(outDir));
  if (text === undefined)
    throw new InputError(
      `no experiment in ${outDir}: expected ${STATE_FILE} there (an experiment's output folder holds it)`,
    );
  let state: ExperimentState;
  try {
    state = JSON.parse(text) as ExperimentState;
  } catch {
    throw new InputError(`${statePath(outDir)} is not an experiment state file (expected JSON)`);
  }
  if (state?.version !== STATE_VERSION || !Array.isArray(state.plan) || typeof state.runs !== 'object')
    throw new InputError(`${statePath(outDir)} is not an experiment state file of version ${STATE_VERSION}`);
  return state;
}
