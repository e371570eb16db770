import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { RetrospectError } from '../errors/errors.js';
import { writeFileAtomic } from '../fsx/atomic.js';
import { isWithin } from '../fsx/paths.js';
import { readRegularText } from '../fsx/read-regular.js';
import type { AgentReport } from './agent-events.js';
import { type AgentFailureKind, agentFailureKind, agentFailureLine } from './agent-failure.js';
import type { AgentDriver } from './agents.js';
import { checkArgv } from './check-command.js';
import { createCheckout, removeCheckout } from './checkout.js';
import { transcriptFromClaudeStream } from './claude-stream-transcript.js';
import { measureTranscript } from './measure.js';
import type { PlannedRun } from './plan.js';
import { type ProcessOutcome, runProcess } from './run-process.js';
import type { RunRecord, RunStatus } from './state.js';
import type { ExperimentTask, FollowUp } from './tasks.js';

/** The agent cannot run at all (missing, not logged in, out of quota): the experiment stops here. */
export class AgentUnavailableError extends RetrospectError {
  readonly kind: AgentFailureKind;
  constructor(kind: AgentFailureKind, message: string) {
    super('E_INPUT', message, { exitCode: 1 });
    this.name = 'AgentUnavailableError';
    this.kind = kind;
  }
}

export interface RunSettings {
  driver: AgentDriver;
  model: string | undefined;
  permissionMode: string;
  timeLimitMs: number;
  checkTimeLimitMs: number;
  keep: boolean;
  env: NodeJS.ProcessEnv;
  outDir: string;
  /** Where disposable checkouts are made (default: the system's temporary folder). */
  checkoutRoot?: string | undefined;
  /** Aborting ends the run's processes; the run is then not recorded (see RunInterruptedError). */
  signal?: AbortSignal | undefined;
  /** Told the checkout's folder before the agent starts, so that an interrupted run's folder can be found. */
  onCheckout?: ((folder: string) => void) | undefined;
}

/** The run was interrupted (the caller aborted): nothing is recorded, and resume runs it again. */
export class RunInterruptedError extends RetrospectError {
  constructor(id: string) {
    super(
      'E_INPUT',
      `interrupted during run ${id}; finished runs are kept ('retrospect experiment resume' carries on)`,
      {
        exitCode: 130,
      },
    );
    this.name = 'RunInterruptedError';
  }
}

/** The prefix of every checkout folder, so that a resume can tell one of ours before removing it. */
export const CHECKOUT_PREFIX = 'retrospect-experiment-';

/** Bytes of a check's output kept in the run's record. */
const CHECK_OUTPUT_KEPT = 4 * 1024;

/**
 * Writes the "with" arm's rules where the agent loads a project's rules, inside the checkout only: a
 * path that leads out of it (a committed symlink) is refused. An existing file (a repository's own
 * AGENTS.md) keeps its text and gets the rules after it, as the agent would read both. Claude Code's
 * rules file is also hidden from git status through the clone's own exclude file, so that a check looking
 * for a clean tree sees the same tree in both arms.
 */
function placeRules(checkout: string, driver: AgentDriver, rules: string): void {
  const target = join(checkout, driver.rulesPath);
  mkdirSync(dirname(target), { recursive: true });
  if (!isWithin(checkout, realpathSync(dirname(target))))
    throw new RetrospectError(
      'E_INPUT',
      `refusing to place rules at ${driver.rulesPath}: it leads out of the checkout`,
    );
  let existing = '';
  try {
    existing = readRegularText(target);
  } catch {
    existing = '';
  }
  writeFileAtomic(target, existing === '' ? rules : `${existing.replace(/\n*$/, '\n\n')}${rules}`);
  if (driver.name === 'claude') {
    // A clone made without git's templates has no info/ folder yet.
    mkdirSync(join(checkout, '.git', 'info'), { recursive: true });
    appendFileSync(join(checkout, '.git', 'info', 'exclude'), `/${driver.rulesPath}\n`);
  }
}

/**
 * Makes one run: a disposable checkout of the task's repository at its commit, the rules placed in the
 * "with" arm only, the agent headless with its time limit, its event stream and transcript saved under
 * the output folder, the task's check run in the checkout after the agent stopped (a program call from
 * the task's words, no shell), the transcript gated. The checkout is removed afterwards unless kept. An
 * agent that is missing, not logged in or out of quota throws AgentUnavailableError and records nothing.
 */
export async function runOne(
  planned: PlannedRun,
  task: ExperimentTask & { sha: string },
  rules: string,
  settings: RunSettings,
): Promise<RunRecord> {
  const runsDir = join(settings.outDir, 'runs');
  mkdirSync(runsDir, { recursive: true });
  const checkoutRoot = settings.checkoutRoot ?? tmpdir();
  const checkout = realpathSync(mkdtempSync(join(checkoutRoot, `${CHECKOUT_PREFIX}${planned.taskId}-`)));
  settings.onCheckout?.(checkout);
  let kept = false;
  try {
    createCheckout(task.repo, task.sha, join(checkout, 'repo'), settings.env);
    const worktree = join(checkout, 'repo');
    if (planned.arm === 'with') placeRules(worktree, settings.driver, rules);
    const session = await runAgentSession(planned, task, worktree, runsDir, settings);
    const saved = saveTranscript(planned, task, session, worktree, runsDir, settings);
    const check =
      task.check === undefined ? null : await runCheck(task, worktree, runsDir, planned.id, settings);
    const record = runRecordOf(planned, session, saved, check, settings.keep ? worktree : null, settings);
    kept = settings.keep;
    return record;
  } finally {
    if (!kept) removeCheckout(checkout);
  }
}

/** What the agent did over its first prompt and the follow-ups it was given, summed over all of them. */
interface AgentSession {
  /** The last invocation's outcome (timed out when the time limit ran out before a follow-up). */
  agent: ProcessOutcome;
  /** The last invocation's report. */
  report: AgentReport;
  startedMs: number;
  agentMs: number;
  /** The first prompt's stream, in the runs folder. */
  streamName: string;
  followUps: NonNullable<RunRecord['followUps']>;
  totals: { tokens: number | undefined; usd: number | undefined; turns: number | undefined };
}

/** Where the run's transcript was kept (in the runs folder) and what it was made from. */
interface SavedTranscript {
  transcript: string | null;
  transcriptFrom: 'agent' | 'stream' | null;
}

/**
 * Runs the agent on the task's prompt in the worktree, then each follow-up whose condition holds, as long
 * as the agent stopped of itself and time is left; a follow-up resumes the agent's session.
 */
async function runAgentSession(
  planned: PlannedRun,
  task: ExperimentTask,
  worktree: string,
  runsDir: string,
  settings: RunSettings,
): Promise<AgentSession> {
  const { driver, outDir } = settings;
  const streamName = `${planned.id}.stream.jsonl`;
  const streamPath = join(runsDir, streamName);
  const startedMs = Date.now();
  const call = driver.invocation(task.prompt, {
    model: settings.model,
    permissionMode: settings.permissionMode,
  });
  const first = await invokeAgent(planned.id, call, streamPath, worktree, settings.timeLimitMs, settings);
  let { agent, report } = first;
  let agentMs = agent.ms;
  const followUps: NonNullable<RunRecord['followUps']> = [];
  const totals = { tokens: report.tokens, usd: report.usd, turns: report.agentTurns };
  for (const [at, followUp] of (task.followUp ?? []).entries()) {
    // A follow-up answers an agent that stopped of itself; a run that failed or ran out of time has ended.
    if (agent.timedOut || agent.code !== 0 || report.error || report.sessionId === undefined) break;
    if (!driver.resumeInvocation) break;
    if (
      !(await followUpApplies(
        followUp,
        report,
        task,
        worktree,
        runsDir,
        `${planned.id}.follow-up-${at + 1}`,
        settings,
      ))
    )
      continue;
    const left = settings.timeLimitMs - (Date.now() - startedMs);
    if (left <= 0) {
      agent = { ...agent, timedOut: true };
      break;
    }
    const stream = join('runs', `${planned.id}.follow-up-${at + 1}.stream.jsonl`);
    const next = await invokeAgent(
      planned.id,
      driver.resumeInvocation(report.sessionId, followUp.say, {
        model: settings.model,
        permissionMode: settings.permissionMode,
      }),
      join(outDir, stream),
      worktree,
      left,
      settings,
    );
    agent = next.agent;
    report = next.report;
    agentMs += agent.ms;
    totals.tokens = addKnown(totals.tokens, report.tokens);
    totals.usd = addKnown(totals.usd, report.usd);
    totals.turns = addKnown(totals.turns, report.agentTurns);
    followUps.push({ said: followUp.say, stream });
  }
  return { agent, report, startedMs, agentMs, streamName, followUps, totals };
}

/**
 * Keeps the session's transcript in the runs folder: the agent's own file copied, or, when Claude Code
 * left none, one rebuilt from its event streams. Null when there is neither.
 */
function saveTranscript(
  planned: PlannedRun,
  task: ExperimentTask,
  session: AgentSession,
  worktree: string,
  runsDir: string,
  settings: RunSettings,
): SavedTranscript {
  const { driver, outDir } = settings;
  const found = driver.transcript(session.report, worktree, settings.env, session.startedMs);
  if (found !== undefined)
    return { transcript: copyTranscript(found, runsDir, planned.id), transcriptFrom: 'agent' };
  if (driver.name !== 'claude') return { transcript: null, transcriptFrom: null };
  const rebuilt = transcriptFromClaudeStream(
    [
      { prompt: task.prompt, streamPath: join(runsDir, session.streamName) },
      ...session.followUps.map((f) => ({ prompt: f.said, streamPath: join(outDir, f.stream) })),
    ],
    worktree,
    session.startedMs,
  );
  if (rebuilt === '') return { transcript: null, transcriptFrom: null };
  const transcript = join('runs', `${planned.id}.transcript.jsonl`);
  writeFileAtomic(join(outDir, transcript), rebuilt);
  return { transcript, transcriptFrom: 'stream' };
}

/** The run's record: its status, the agent's totals, the check, and the saved transcript's measures. */
function runRecordOf(
  planned: PlannedRun,
  session: AgentSession,
  saved: SavedTranscript,
  check: RunRecord['check'],
  keptCheckout: string | null,
  settings: RunSettings,
): RunRecord {
  const { agent, report, totals, followUps } = session;
  const { transcript } = saved;
  const status: RunStatus = agent.timedOut
    ? 'timed-out'
    : report.error || agent.code !== 0
      ? 'agent-error'
      : 'finished';
  const measures = transcript === null ? undefined : measureTranscript(join(settings.outDir, transcript));
  return {
    id: planned.id,
    taskId: planned.taskId,
    arm: planned.arm,
    replicate: planned.replicate,
    status,
    startedAt: new Date(session.startedMs).toISOString(),
    wallMs: session.agentMs,
    exitCode: agent.code,
    transcript,
    transcriptFrom: saved.transcriptFrom,
    stream: join('runs', session.streamName),
    check,
    tokens: totals.tokens ?? null,
    usd: totals.usd === undefined ? null : Math.round(totals.usd * 1e6) / 1e6,
    agentTurns: totals.turns ?? null,
    ...(followUps.length > 0 ? { followUps } : {}),
    measures: measures ?? null,
    error:
      report.error ??
      (agent.code !== 0 && !agent.timedOut ? agent.stderrTail.trim().split('\n').pop() || null : null),
    keptCheckout,
  };
}

const addKnown = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/**
 * Runs the agent once (a first prompt or a follow-up) into `streamPath`, and reads its report. An agent
 * that cannot run at all (missing, not logged in, out of quota) throws AgentUnavailableError; an abort
 * throws RunInterruptedError. A stream left by an interrupted try is started afresh.
 */
async function invokeAgent(
  runId: string,
  call: { args: string[]; input?: string },
  streamPath: string,
  worktree: string,
  timeLimitMs: number,
  settings: RunSettings,
) {
  const { driver } = settings;
  removeFile(streamPath);
  const agent = await runProcess({
    command: driver.command,
    args: call.args,
    ...(call.input !== undefined ? { input: call.input } : {}),
    cwd: worktree,
    env: settings.env,
    stdoutPath: streamPath,
    timeLimitMs,
    signal: settings.signal,
  });
  if (agent.aborted) throw new RunInterruptedError(runId);
  if (agent.startError)
    throw new AgentUnavailableError(
      'missing',
      agent.startError.code === 'ENOENT'
        ? agentFailureLine('missing', driver.command, '')
        : `cannot start '${driver.command}': ${agent.startError.message}; finished runs are kept`,
    );
  const report = driver.report(streamPath);
  const failureText = report.error ?? (agent.code !== 0 && !agent.timedOut ? agent.stderrTail : '');
  const unavailable = failureText ? agentFailureKind(failureText) : undefined;
  if (unavailable && !agent.timedOut)
    throw new AgentUnavailableError(
      unavailable,
      agentFailureLine(unavailable, driver.command, failureText.replace(/\s+/g, ' ').trim().slice(0, 160)),
    );
  return { agent, report };
}

/**
 * Whether a follow-up's condition holds now: the agent's last reply contains its text, and the task's
 * check fails (run in the checkout to find out; that check's output is kept beside the run's).
 */
async function followUpApplies(
  followUp: FollowUp,
  report: AgentReport,
  task: ExperimentTask,
  worktree: string,
  runsDir: string,
  name: string,
  settings: RunSettings,
): Promise<boolean> {
  if (
    followUp.ifReplyContains !== undefined &&
    !(report.reply ?? '').toLowerCase().includes(followUp.ifReplyContains.toLowerCase())
  )
    return false;
  if (followUp.ifCheckFails) {
    const check = await runCheck(task, worktree, runsDir, name, settings);
    if (check.passed) return false;
  }
  return true;
}

function removeFile(path: string): void {
  rmSync(path, { force: true });
}

/** Copies the agent's transcript into the run folder (the agent's own file is only read). */
function copyTranscript(source: string, runsDir: string, id: string): string {
  const extension = source.endsWith('.jsonl') ? '.jsonl' : extname(source) || '.jsonl';
  const name = `${id}.transcript${extension}`;
  writeFileAtomic(join(runsDir, name), readFileSync(source));
  return join('runs', name);
}

async function runCheck(
  task: ExperimentTask,
  worktree: string,
  runsDir: string,
  id: string,
  settings: RunSettings,
): Promise<NonNullable<RunRecord['check']>> {
  const [command = '', ...args] = checkArgv(task.check as string | string[], `task ${task.id}`);
  const outputPath = join(runsDir, `${id}.check.txt`);
  removeFile(outputPath);
  const outcome = await runProcess({
    command,
    args,
    cwd: worktree,
    env: settings.env,
    stdoutPath: outputPath,
    timeLimitMs: settings.checkTimeLimitMs,
    signal: settings.signal,
  });
  if (outcome.aborted) throw new RunInterruptedError(id);
  let output = '';
  try {
    output = readFileSync(outputPath, 'utf8').slice(-CHECK_OUTPUT_KEPT);
  } catch {
    output = '';
  }
  if (outcome.startError)
    output = `cannot start '${command}': ${outcome.startError.code ?? outcome.startError.message}`;
  output += outcome.stderrTail.slice(-CHECK_OUTPUT_KEPT);
  return {
    passed: outcome.code === 0 && !outcome.timedOut,
    exitCode: outcome.code,
    timedOut: outcome.timedOut,
    ms: outcome.ms,
    output: output.slice(-CHECK_OUTPUT_KEPT),
  };
}
