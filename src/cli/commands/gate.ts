import { type Stats, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { RetrospectError } from '../../errors/errors.js';
import { formatVerdictJson, gateSessionSync, renderWhy } from '../../gate/index.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println } from '../io.js';
import { gateSettingsFromArgs } from '../profile-option.js';
import { SPEC } from './gate/spec.js';
import type { WhyCost } from './gate/why-cost.js';

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * A relative SESSION path names a file in the command's folder (io.cwd). The process's files are opened
 * relative to its own folder, which is the same one when the CLI runs as a process: then the argument is
 * kept as typed (the warnings name it so); a command run in-process for another folder gets the same file.
 */
function inCommandFolder(arg: string, io: CliIo): string {
  if (isAbsolute(arg) || resolve(io.cwd) === process.cwd()) return arg;
  return relative(process.cwd(), resolve(io.cwd, arg));
}

/** The transcript a SESSION argument names, and a stderr line when it names none. */
async function transcriptOf(
  given: string | undefined,
  io: CliIo,
): Promise<{ path?: string; problem?: string }> {
  if (given === undefined) return { problem: 'no transcript given (expected a .jsonl path or a session id)' };
  const arg = inCommandFolder(given, io);
  // A path through a file (an OpenCode `<opencode.db>/<session id>` row) is ENOTDIR, not missing.
  const stat = statOf(arg);
  if (stat?.isFile()) return { path: arg };
  if (stat === undefined) {
    const { isSessionRow } = await import('../../transcript/hosts.js');
    if (isSessionRow(arg)) return { path: arg };
  }
  if (stat?.isDirectory())
    return { path: arg, problem: `${given} is a folder, not a session transcript (.jsonl)` };
  const sessions = await import('../../sessions/prefix.js');
  if (!sessions.looksLikeSessionPrefix(given))
    return { path: arg, problem: `${given}: no such file (expected a .jsonl transcript or a session id)` };
  try {
    return { path: sessions.resolveSessionPrefix(given, { env: io.env }).path };
  } catch (error) {
    if (!(error instanceof RetrospectError)) throw error;
    return { path: arg, problem: error.message };
  }
}

/**
 * The `--why` text: the table, or after an error only the error (stderr has said which file or id): the
 * name of a file that is not there is no session to head a table.
 */
function whyText(result: ReturnType<typeof gateSessionSync>, cost: WhyCost): string {
  if (result.verdict.error !== undefined) return `Error: ${result.verdict.error}`;
  return [renderWhy(result.sessionId, result.verdict, result.reasons), ...cost.lines(result)].join('\n');
}

/**
 * `retrospect gate`: one line of verdict JSON on stdout (or the --why table), warnings on stderr, and
 * exit 0 whatever the file holds or the command line says: callers grep stdout, as they always could (docs/design/compatibility.md).
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseCommandArgs<typeof SPEC.options>>;
  try {
    parsed = parseCommandArgs(args, SPEC);
  } catch (error) {
    if (!(error instanceof RetrospectError) || error.code !== 'E_USAGE') throw error;
    println(io.stderr, `retrospect gate: ${error.message}`);
    const { verdict } = gateSessionSync(undefined, { settings: gateSettingsFromArgs(io.env, {}) });
    println(io.stdout, formatVerdictJson({ ...verdict, error: 'usage error' }));
    return 0;
  }
  const { values, positionals } = parsed;
  const session = await transcriptOf(positionals[0], io);
  if (session.problem) println(io.stderr, `retrospect gate: ${session.problem}`);
  const why = values.why === true && values.json !== true;
  // The cost of each anchor's stretch is read for --why only: the verdict's start-up loads none of it.
  const cost = why ? await (await import('./gate/why-cost.js')).whyCost(values.pricing, io) : undefined;
  const result = gateSessionSync(session.path, {
    settings: gateSettingsFromArgs(io.env, { profile: values.profile, threshold: values.threshold }),
    cwd: io.cwd,
    // One large transcript, the process's only work: both cores read it (seed profile).
    twoThreads: true,
    ...(cost ? { timeline: true, assistantLines: cost.usage } : {}),
  });
  for (const warning of result.warnings) println(io.stderr, warning);
  println(io.stdout, cost ? whyText(result, cost) : formatVerdictJson(result.verdict));
  return 0;
}
