import { statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { HelpShown, InputError, UsageError } from '../../errors/errors.js';
import { AGENT_DRIVERS, type AgentName } from '../../experiment/agents.js';
import {
  type ExperimentOutcome,
  planExperiment,
  type RunEvent,
  resumeExperiment,
  runExperiment,
} from '../../experiment/experiment.js';
import { renderPlanText } from '../../experiment/plan-text.js';
import { type ExperimentRules, readRulesFile } from '../../experiment/rules-file.js';
import { parseTasksJsonl, taskLine } from '../../experiment/tasks.js';
import { tasksFromSessions } from '../../experiment/tasks-from-sessions.js';
import { ruleOfTrial, rulesOnTrial, takenRuleLines } from '../../experiment/trial-rules.js';
import { REPORT_FILES, writeExperimentReports } from '../../experiment/write-report.js';
import { writeFileAtomic } from '../../fsx/atomic.js';
import { readRegularText } from '../../fsx/read-regular.js';
import { findGitRoots } from '../../git/roots.js';
import { listSessionFiles } from '../../walk/link/session-sources.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { parseBudget, parseDuration, parseMinEffect } from './experiment/options.js';
import { RESUME_SPEC, RUN_SPEC, TASKS_SPEC } from './experiment/spec.js';

const SUBCOMMANDS = `commands:
  resume  ${RESUME_SPEC.summary}
  tasks   ${TASKS_SPEC.summary}`;

function wholeNumber(text: string, option: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`${option}: expected a whole number ${min} or more, got '${text}'`);
  return Number(text);
}

function level(text: string): number {
  const value = Number(text);
  if (!(value > 0.5 && value < 1))
    throw new UsageError(`--confidence: expected a level between 0.5 and 1, such as 0.95, got '${text}'`);
  return value;
}

function progress(io: CliIo): (event: RunEvent) => void {
  return (event) => {
    if (event.kind === 'start') {
      println(io.stderr, `retrospect experiment: run ${event.index}/${event.of} ${event.run.id} ...`);
      return;
    }
    const r = event.record;
    const check = r.check === null ? '' : r.check.passed ? ', check passed' : ', check failed';
    const friction = r.measures === null ? ', no transcript' : `, friction ${r.measures.friction}`;
    println(
      io.stderr,
      `retrospect experiment: run ${event.index}/${event.of} ${r.id}: ${r.status}${check}${friction} (${Math.round(r.wallMs / 100) / 10}s)`,
    );
  };
}

/**
 * The "with" arm's rules: the file `--rules` names, else the rules on trial in the project around the
 * current folder (its main checkout, where the trials keep them), named on stderr so that the person sees
 * what is compared. No file and no rule on trial is a usage error: there would be nothing to compare.
 */
function experimentRules(
  rulesOption: string | undefined,
  trialOption: string | undefined,
  io: CliIo,
): ExperimentRules {
  if (rulesOption !== undefined && trialOption !== undefined)
    throw new UsageError('--rules and --trial: give one (a rules file, or one trial of this project)');
  if (rulesOption !== undefined) return readRulesFile(resolve(io.cwd, rulesOption), rulesOption);
  const roots = findGitRoots(io.cwd);
  if (!roots)
    throw new UsageError(
      `${trialOption === undefined ? '--rules: not given, and the' : `--trial ${trialOption}: the`} current folder is in no git repository whose rules on trial could be taken (expected --rules FILE)`,
    );
  const rules =
    trialOption === undefined
      ? rulesOnTrial(roots.mainCheckout)
      : trialRuleFor(roots.mainCheckout, trialOption);
  if (!rules)
    throw new UsageError(
      `--rules: not given, and no rule is on trial in ${roots.mainCheckout} (expected --rules FILE, or a rule on trial: see retrospect trial list)`,
    );
  println(io.stderr, `retrospect experiment: the "with" arm loads ${rules.source} in ${roots.mainCheckout}:`);
  for (const line of takenRuleLines(rules)) println(io.stderr, `  ${line}`);
  return rules;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `fn` with a signal that ^C (or SIGTERM, SIGHUP) aborts: the run under way is ended with its whole
 * process group, the state is written, and the command ends with 130 instead of leaving an agent running.
 */
async function interruptible<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  for (const name of STOP_SIGNALS) process.on(name, abort);
  try {
    return await fn(controller.signal);
  } finally {
    for (const name of STOP_SIGNALS) process.off(name, abort);
  }
}

/** Writes the reports, prints the JSON or where the reports are, and the stop line; the exit status. */
function finish(
  outcome: ExperimentOutcome,
  outDir: string,
  json: boolean | undefined,
  io: CliIo,
  interrupted = false,
): number {
  const report = writeExperimentReports(outcome.state, outDir);
  if (json) println(io.stdout, JSON.stringify(report, null, 2));
  else
    println(
      io.stdout,
      `friction ${report.effects.friction.estimate ?? '–'} [${report.effects.friction.low ?? '–'}, ${report.effects.friction.high ?? '–'}], check pass ${report.effects.check_pass.estimate ?? '–'} [${report.effects.check_pass.low ?? '–'}, ${report.effects.check_pass.high ?? '–'}] (with − without); ${report.effect_shown ? 'an effect is shown' : 'no effect shown'}. Report: ${resolve(outDir, REPORT_FILES.html)}`,
    );
  if (outcome.stopped) {
    println(io.stderr, `retrospect experiment: ${outcome.stopped}`);
    return interrupted ? 130 : 1;
  }
  return 0;
}

async function runMain(args: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseCommandArgs<typeof RUN_SPEC.options>>;
  try {
    parsed = parseCommandArgs(args, RUN_SPEC);
  } catch (error) {
    if (error instanceof HelpShown) throw new HelpShown(`${error.message.trimEnd()}\n\n${SUBCOMMANDS}`);
    throw error;
  }
  const { values } = parsed;
  const agent = (values.agent ?? 'claude') as AgentName;
  const tasksPath = resolve(io.cwd, values.tasks);
  let tasksText: string;
  try {
    tasksText = readRegularText(tasksPath);
  } catch (error) {
    throw new InputError(`--tasks ${values.tasks}: cannot read it (expected a JSON Lines file of tasks)`, {
      cause: error,
    });
  }
  // A task's relative repository is read from the tasks file's folder, so that the file can travel with it.
  const tasks = parseTasksJsonl(tasksText, values.tasks).map((t) => ({
    ...t,
    repo: isAbsolute(t.repo) ? t.repo : resolve(dirname(tasksPath), t.repo),
  }));
  const rules = experimentRules(values.rules, values.trial, io);
  const outDir = resolve(io.cwd, values.out ?? 'retrospect-experiment');
  const options = {
    tasks,
    rules,
    agent,
    model: values.model,
    permissionMode: values['permission-mode'],
    runsPerArm: wholeNumber(values.runs ?? '3', '--runs', 1),
    seed: wholeNumber(values.seed ?? '1', '--seed', 0),
    timeLimitMs: parseDuration(values['time-limit'] ?? '20m', '--time-limit'),
    checkTimeLimitMs: parseDuration(values['check-time-limit'] ?? '10m', '--check-time-limit'),
    budget: parseBudget(values.budget ?? []),
    keep: values.keep === true,
    confidence: level(values.confidence ?? '0.95'),
    minEffect: parseMinEffect(values['min-effect'] ?? []),
    outDir,
    env: io.env,
    onRun: progress(io),
    onLeftOut: (line: string) => println(io.stderr, `retrospect experiment: ${line}`),
  };
  if (values['dry-run']) {
    const plan = planExperiment(options);
    for (const left of plan.leftOut) options.onLeftOut(left.reason);
    const permissionMode = options.permissionMode ?? (AGENT_DRIVERS[agent].permissionModes[0] as string);
    if (values.json)
      println(
        io.stdout,
        JSON.stringify(
          {
            runs: plan.runs,
            left_out: plan.leftOut,
            worst_case: plan.worst,
            per_run_ms: plan.perRunMs,
            fits: plan.misfit === undefined,
            misfit: plan.misfit ?? null,
          },
          null,
          2,
        ),
      );
    else io.stdout.write(renderPlanText(plan, { agent, permissionMode }));
    return plan.misfit ? 1 : 0;
  }
  if (Object.keys(options.budget).length === 0)
    throw new UsageError(
      '--budget: an experiment needs a hard budget, e.g. --budget runs=40,time=4h (see --dry-run for its cost)',
    );
  return interruptible(async (signal) => {
    const outcome = await runExperiment({ ...options, signal });
    return finish(outcome, outDir, values.json, io, signal.aborted);
  });
}

async function runResume(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, RESUME_SPEC);
  const outDir = resolve(io.cwd, values.out ?? 'retrospect-experiment');
  return interruptible(async (signal) => {
    const budget = values.budget === undefined ? undefined : parseBudget(values.budget);
    const outcome = await resumeExperiment(outDir, io.env, { onRun: progress(io), signal, budget });
    return finish(outcome, outDir, values.json, io, signal.aborted);
  });
}

async function runTasks(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, TASKS_SPEC);
  const repo = resolve(io.cwd, values.repo ?? '.');
  // A folder (a Claude Code project folder) stands for its session files.
  const sessions = positionals.flatMap((p) => {
    const path = resolve(io.cwd, p);
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ? listSessionFiles(path) : [path];
  });
  const built = tasksFromSessions(sessions, repo, io.env, { anyFolder: values['any-folder'] === true });
  for (const left of built.leftOut)
    println(io.stderr, `retrospect experiment tasks: left out ${left.session}: ${left.reason}`);
  const text = built.tasks.map(({ from: _from, ...task }) => taskLine(task)).join('\n');
  if (values.out !== undefined) writeFileAtomic(resolve(io.cwd, values.out), text === '' ? '' : `${text}\n`);
  else if (text !== '') println(io.stdout, text);
  println(
    io.stderr,
    `retrospect experiment tasks: ${built.tasks.length} tasks, ${built.leftOut.length} sessions left out`,
  );
  return built.tasks.length === 0 ? 1 : 0;
}

/** `retrospect experiment`: run tasks with and without the rules; `resume` carries on; `tasks` builds a tasks file. */
export async function run(args: string[], io: CliIo): Promise<number> {
  if (args[0] === 'resume') return runResume(args.slice(1), io);
  if (args[0] === 'tasks') return runTasks(args.slice(1), io);
  return runMain(args, io);
}

/** One trial's rule; the core names the trial, the command names its flag. */
function trialRuleFor(mainCheckout: string, name: string): ReturnType<typeof ruleOfTrial> {
  try {
    return ruleOfTrial(mainCheckout, name);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`--${error.message}`);
    throw error;
  }
}
