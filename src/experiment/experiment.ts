import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError, UsageError } from '../errors/errors.js';
import { LockTimeoutError, withLock } from '../fsx/lock.js';
import { makeDirsSync } from '../fsx/make-dirs.js';
import { AGENT_DRIVERS, type AgentName } from './agents.js';
import {
  budgetMisfit,
  type ExperimentBudget,
  overBudgetBeforeRun,
  type Spent,
  type WorstCase,
  worstCase,
} from './budget.js';
import { checkArgv } from './check-command.js';
import { removeCheckout, resolveTaskRevision } from './checkout.js';
import { rulesCommittedAt } from './committed-rules.js';
import { DEFAULT_MIN_EFFECT, type MinEffect } from './min-effect.js';
import { type PlannedRun, planRuns } from './plan.js';
import type { ExperimentRules } from './rules-file.js';
import { AgentUnavailableError, CHECKOUT_PREFIX, RunInterruptedError, runOne } from './run-one.js';
import {
  type ExperimentState,
  type RunRecord,
  readState,
  STATE_VERSION,
  statePath,
  writeState,
} from './state.js';
import type { ExperimentTask } from './tasks.js';

/** Everything an experiment is given; the CLI maps its options onto this one to one. */
export interface ExperimentOptions {
  /** Repositories already resolved to absolute paths. */
  tasks: readonly ExperimentTask[];
  rules: ExperimentRules;
  agent: AgentName;
  model?: string | undefined;
  /** The agent's own permission mode (claude --permission-mode, codex --sandbox, gemini --approval-mode). */
  permissionMode?: string | undefined;
  runsPerArm: number;
  seed: number;
  timeLimitMs: number;
  checkTimeLimitMs: number;
  budget: ExperimentBudget;
  keep: boolean;
  confidence: number;
  /** The smallest effect worth claiming on friction and on the check (default DEFAULT_MIN_EFFECT). */
  minEffect?: MinEffect | undefined;
  outDir: string;
  env: NodeJS.ProcessEnv;
  /** Where disposable checkouts are made (default: the system's temporary folder). */
  checkoutRoot?: string | undefined;
  /** Told each task left out, in one line, before any run starts. */
  onLeftOut?: ((line: string) => void) | undefined;
  /** Told before each run starts and after it ends (for progress lines). */
  onRun?: ((event: RunEvent) => void) | undefined;
  /** Aborting (^C) ends the run under way, records nothing for it, and stops; resume carries on. */
  signal?: AbortSignal | undefined;
}

export type RunEvent =
  | { kind: 'start'; run: PlannedRun; index: number; of: number }
  | { kind: 'done'; record: RunRecord; index: number; of: number };

/** The plan before anything runs: what `--dry-run` prints. */
export interface ExperimentPlan {
  tasks: (ExperimentTask & { sha: string })[];
  /** Tasks left out, each with its one line: their commit holds a rule of the experiment already. */
  leftOut: LeftOutTask[];
  runs: PlannedRun[];
  worst: WorstCase;
  perRunMs: number;
  /** Why it does not fit the budget, or undefined. */
  misfit: string | undefined;
}

/** A task the experiment does not run, and why (one line). */
export interface LeftOutTask {
  task: string;
  reason: string;
}

/**
 * Worst-case wall time of one run: the agent's limit (its follow-ups share it), plus the check's when a
 * task has a check, once more for each follow-up that runs the check to see whether it is sent.
 */
function perRunLimit(
  tasks: readonly ExperimentTask[],
  timeLimitMs: number,
  checkTimeLimitMs: number,
): number {
  const checks = Math.max(
    0,
    ...tasks.map((t) =>
      t.check === undefined ? 0 : 1 + (t.followUp ?? []).filter((f) => f.ifCheckFails).length,
    ),
  );
  return timeLimitMs + checks * checkTimeLimitMs;
}

/** Resolves the tasks' revisions, checks their checks' words and the settings, and lays out the runs. */
export function planExperiment(options: ExperimentOptions): ExperimentPlan {
  const driver = AGENT_DRIVERS[options.agent];
  if (options.permissionMode !== undefined && !driver.permissionModes.includes(options.permissionMode))
    throw new UsageError(
      `permission mode: ${options.agent} knows ${driver.permissionModes.join(', ')}; got '${options.permissionMode}'`,
    );
  if (!Number.isInteger(options.runsPerArm) || options.runsPerArm < 1)
    throw new UsageError(`runs per arm and task: expected a whole number, 1 or more`);
  if (driver.resumeInvocation === undefined) {
    const scripted = options.tasks.find((t) => t.followUp !== undefined);
    if (scripted)
      throw new UsageError(
        `task ${scripted.id}: ${options.agent} has no headless mode that carries a session on, so its follow-ups cannot be sent (use claude or codex, or leave "follow_up" out)`,
      );
  }
  const resolved = options.tasks.map((task) => {
    if (task.check !== undefined) checkArgv(task.check, `task ${task.id}`);
    return { ...task, sha: resolveTaskRevision(task.repo, task.rev, task.id, options.env) };
  });
  // A rule committed at the task's commit is loaded in both arms: that task could only compare the rule
  // with itself. It is left out rather than stripped from a checkout: the runs keep the repository as it was.
  const leftOut: LeftOutTask[] = [];
  const tasks = resolved.filter((task) => {
    const committed = rulesCommittedAt(task.repo, task.sha, options.rules.text, options.env);
    if (committed.length === 0) return true;
    const named = committed
      .map((c) => `"${c.rule.length > 120 ? `${c.rule.slice(0, 119)}…` : c.rule}" (${c.path})`)
      .join(', ');
    leftOut.push({
      task: task.id,
      reason: `task ${task.id} left out: its commit ${task.sha.slice(0, 12)} holds ${committed.length === 1 ? 'a rule' : `${committed.length} rules`} of the experiment already, which both arms would load: ${named}`,
    });
    return false;
  });
  if (tasks.length === 0)
    throw new InputError(
      `no task left to run: every task's commit holds the experiment's rules already (${leftOut[0]?.reason}); take tasks from commits before the rules were committed`,
    );
  const runs = planRuns(tasks, options.runsPerArm, options.seed);
  const perRunMs = perRunLimit(tasks, options.timeLimitMs, options.checkTimeLimitMs);
  const worst = worstCase(runs.length, perRunMs, []);
  return { tasks, leftOut, runs, worst, perRunMs, misfit: budgetMisfit(worst, options.budget) };
}

/** What an experiment left: its state (every finished run) and why it stopped early, if it did. */
export interface ExperimentOutcome {
  state: ExperimentState;
  /** The one line an unavailable agent or the budget stopped it with; undefined when the plan is done. */
  stopped: string | undefined;
}

/**
 * Plans and runs an experiment into `outDir`. Nothing starts unless the plan's worst case fits the budget,
 * and an output folder that holds an experiment already is refused (carry that one on with resume).
 */
export async function runExperiment(options: ExperimentOptions): Promise<ExperimentOutcome> {
  if (Object.keys(options.budget).length === 0)
    throw new UsageError('an experiment needs a hard budget: a limit on runs, wall time, tokens or money');
  const plan = planExperiment(options);
  for (const left of plan.leftOut) options.onLeftOut?.(left.reason);
  if (plan.misfit) throw new InputError(`nothing started: ${plan.misfit}`);
  if (existsSync(statePath(options.outDir)))
    throw new InputError(
      `${options.outDir} holds an experiment already: carry it on with 'retrospect experiment resume' on that folder, or pick another folder`,
    );
  makeDirsSync(options.outDir);
  const driver = AGENT_DRIVERS[options.agent];
  const state: ExperimentState = {
    version: STATE_VERSION,
    createdAt: new Date().toISOString(),
    settings: {
      agent: options.agent,
      model: options.model ?? null,
      permissionMode: options.permissionMode ?? (driver.permissionModes[0] as string),
      runsPerArm: options.runsPerArm,
      seed: options.seed,
      timeLimitMs: options.timeLimitMs,
      checkTimeLimitMs: options.checkTimeLimitMs,
      budget: options.budget,
      keep: options.keep,
      confidence: options.confidence,
      minEffect: options.minEffect ?? DEFAULT_MIN_EFFECT,
    },
    tasks: plan.tasks,
    leftOut: plan.leftOut,
    rules: { source: options.rules.source, text: options.rules.text },
    plan: plan.runs,
    runs: {},
    stopped: null,
  };
  return holdingExperiment(options.outDir, async () => {
    writeState(options.outDir, state);
    return carryOn(state, options.outDir, options.env, options);
  });
}

/** Carries on the experiment in `outDir`: the planned runs without a record, never a finished one again. */
export async function resumeExperiment(
  outDir: string,
  env: NodeJS.ProcessEnv,
  hooks: Pick<ExperimentOptions, 'onRun' | 'checkoutRoot' | 'signal'> & {
    /** Replaces the recorded budget (after one stopped the experiment); the plan is not changed. */
    budget?: ExperimentBudget | undefined;
  } = {},
): Promise<ExperimentOutcome> {
  return holdingExperiment(outDir, async () => {
    const state = readState(outDir);
    state.stopped = null;
    if (hooks.budget !== undefined && Object.keys(hooks.budget).length > 0)
      state.settings.budget = hooks.budget;
    return carryOn(state, outDir, env, hooks);
  });
}

/**
 * Runs `fn` holding the experiment's lock for as long as it runs (hours): a second experiment or resume
 * on the same folder is refused at once rather than mixing its runs in. A crashed holder's lock is taken
 * over (its pid is gone).
 */
async function holdingExperiment<T>(outDir: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await withLock(statePath(outDir), fn, { staleMs: 7 * 24 * 3_600_000, timeoutMs: 1_000 });
  } catch (error) {
    if (error instanceof LockTimeoutError)
      throw new InputError(
        `another experiment is running in ${outDir} (its lock is held); wait for it or pick another folder`,
      );
    throw error;
  }
}

function spentSoFar(runs: readonly RunRecord[]): Spent {
  return {
    runs: runs.length,
    timeMs: runs.reduce((sum, r) => sum + r.wallMs + (r.check?.ms ?? 0), 0),
    tokens: runs.reduce((sum, r) => sum + (r.tokens ?? 0), 0),
    usd: runs.reduce((sum, r) => sum + (r.usd ?? 0), 0),
  };
}

async function carryOn(
  state: ExperimentState,
  outDir: string,
  env: NodeJS.ProcessEnv,
  hooks: Pick<ExperimentOptions, 'onRun' | 'checkoutRoot' | 'signal'>,
): Promise<ExperimentOutcome> {
  const { settings } = state;
  removeLeftCheckout(state, outDir);
  const driver = AGENT_DRIVERS[settings.agent];
  const tasks = new Map(state.tasks.map((t) => [t.id, t]));
  const perRunMs = perRunLimit(state.tasks, settings.timeLimitMs, settings.checkTimeLimitMs);
  const of = state.plan.length;
  for (const [index, planned] of state.plan.entries()) {
    if (state.runs[planned.id] !== undefined) continue;
    const finished = Object.values(state.runs);
    const largest = {
      tokens: finished.reduce<number | undefined>(
        (m, r) => (r.tokens === null ? m : Math.max(m ?? 0, r.tokens)),
        undefined,
      ),
      usd: finished.reduce<number | undefined>(
        (m, r) => (r.usd === null ? m : Math.max(m ?? 0, r.usd)),
        undefined,
      ),
    };
    const over = overBudgetBeforeRun(spentSoFar(finished), settings.budget, perRunMs, largest);
    if (over) return stop(state, outDir, `stopped before run ${planned.id}: ${over}; finished runs are kept`);
    const task = tasks.get(planned.taskId);
    if (!task) throw new InputError(`${statePath(outDir)}: run ${planned.id} names a task it does not list`);
    hooks.onRun?.({ kind: 'start', run: planned, index: index + 1, of });
    let record: RunRecord;
    try {
      record = await runOne(planned, task, state.rules.text, {
        driver,
        model: settings.model ?? undefined,
        permissionMode: settings.permissionMode,
        timeLimitMs: settings.timeLimitMs,
        checkTimeLimitMs: settings.checkTimeLimitMs,
        keep: settings.keep,
        env,
        outDir,
        checkoutRoot: hooks.checkoutRoot,
        signal: hooks.signal,
        onCheckout: (checkout) => {
          state.current = { id: planned.id, checkout };
          writeState(outDir, state);
        },
      });
    } catch (error) {
      if (error instanceof AgentUnavailableError || error instanceof RunInterruptedError) {
        state.current = null;
        return stop(state, outDir, error.message);
      }
      throw error;
    }
    state.current = null;
    state.runs[planned.id] = record;
    writeState(outDir, state);
    hooks.onRun?.({ kind: 'done', record, index: index + 1, of });
  }
  return { state, stopped: undefined };
}

/**
 * A run that was under way when the process died left its checkout behind: the state names it, and it is
 * removed when it is one of ours (a folder of that name holding a run's checkout), never anything else.
 */
function removeLeftCheckout(state: ExperimentState, outDir: string): void {
  const left = state.current;
  if (!left) return;
  if (basename(left.checkout).startsWith(CHECKOUT_PREFIX) && existsSync(join(left.checkout, 'repo', '.git')))
    removeCheckout(left.checkout);
  state.current = null;
  writeState(outDir, state);
}

function stop(state: ExperimentState, outDir: string, why: string): ExperimentOutcome {
  state.stopped = why;
  writeState(outDir, state);
  return { state, stopped: why };
}
