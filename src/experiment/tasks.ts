import { InputError } from '../errors/errors.js';

/**
 * One task of an experiment: what the agent is asked, in which repository, at which revision, and how to
 * tell that it is done. Tasks are data: the prompt goes to the agent as its input, never to a shell; the
 * check is split into words and run without a shell (see check-command.ts).
 */
export interface ExperimentTask {
  id: string;
  prompt: string;
  /** The repository the task's checkouts are cloned from (a path; relative paths are the caller's to resolve). */
  repo: string;
  /** The commit each run starts from. */
  rev: string;
  /** The task's own check: exit 0 means done. A command line split into words, or the words themselves. */
  check?: string | string[];
  /**
   * What the person says after the agent stopped, in order, each only when its condition holds: the
   * experiment sends it through the agent's resume mode, so that corrections (S1, S5) can be measured.
   */
  followUp?: FollowUp[];
}

/** One scripted follow-up message. Without a condition it is always sent. */
export interface FollowUp {
  /** The message, sent as the person's next prompt (data: the agent's input, never a shell's). */
  say: string;
  /** Only when the task's check fails at that point (the check is run to find out). */
  ifCheckFails?: boolean;
  /** Only when the agent's last reply contains this text (letter case aside). */
  ifReplyContains?: string;
}

/** Follow-ups a task may have: each is a further agent session's worth of time within the run's limit. */
const FOLLOW_UPS_MAX = 5;

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
const REV = /^[0-9a-fA-F]{4,64}$|^[A-Za-z0-9][A-Za-z0-9._/@{}~^-]{0,199}$/;
const FIELDS = new Set(['id', 'prompt', 'repo', 'rev', 'check', 'follow_up']);
const FOLLOW_UP_FIELDS = new Set(['say', 'if_check_fails', 'if_reply_contains']);

function followUpsOf(value: unknown, where: string, hasCheck: boolean): FollowUp[] {
  const expected = `${where}: "follow_up" must be a list of {"say", "if_check_fails"?, "if_reply_contains"?} (at most ${FOLLOW_UPS_MAX})`;
  if (!Array.isArray(value) || value.length === 0 || value.length > FOLLOW_UPS_MAX)
    throw new InputError(expected);
  return value.map((item, at) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new InputError(expected);
    const record = item as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !FOLLOW_UP_FIELDS.has(key));
    if (unknown.length > 0) throw new InputError(`${expected}; unknown field "${unknown[0]}"`);
    const say = record.say;
    if (typeof say !== 'string' || say.trim() === '' || say.includes('\0'))
      throw new InputError(`${where}: follow_up ${at + 1}: "say" must be a non-empty message`);
    const followUp: FollowUp = { say };
    if (record.if_check_fails !== undefined) {
      if (typeof record.if_check_fails !== 'boolean')
        throw new InputError(`${where}: follow_up ${at + 1}: "if_check_fails" must be true or false`);
      if (record.if_check_fails && !hasCheck)
        throw new InputError(`${where}: follow_up ${at + 1}: "if_check_fails" needs the task's "check"`);
      if (record.if_check_fails) followUp.ifCheckFails = true;
    }
    if (record.if_reply_contains !== undefined) {
      const text = record.if_reply_contains;
      if (typeof text !== 'string' || text.trim() === '')
        throw new InputError(`${where}: follow_up ${at + 1}: "if_reply_contains" must be a non-empty text`);
      followUp.ifReplyContains = text;
    }
    return followUp;
  });
}

/** The one-line reason a task line is not a task, or the task. */
function taskOf(value: unknown, where: string): ExperimentTask {
  const expected = `${where}: expected {"id", "prompt", "repo", "rev", "check"?, "follow_up"?}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError(`${expected}, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) throw new InputError(`${expected}; unknown field "${unknown[0]}"`);
  const text = (name: string): string => {
    const field = record[name];
    if (typeof field !== 'string' || field.trim() === '')
      throw new InputError(`${where}: "${name}" must be a non-empty string`);
    if (field.includes('\0')) throw new InputError(`${where}: "${name}" contains a NUL character`);
    return field;
  };
  const id = text('id');
  if (!ID.test(id))
    throw new InputError(
      `${where}: "id" must be letters, digits, '.', '_' or '-' (at most 80, not starting with a punctuation mark), got ${JSON.stringify(id).slice(0, 90)}`,
    );
  const prompt = text('prompt');
  const repo = text('repo');
  // Runs clone from the person's own copy; a remote would be fetched over the network (and git refuses it).
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\/|^[^/\s]+@[^/\s]+:|^[A-Za-z][A-Za-z0-9+.-]*::/.test(repo))
    throw new InputError(
      `${where}: "repo" must be a local repository's folder, got ${JSON.stringify(repo).slice(0, 90)}`,
    );
  const rev = text('rev');
  if (!REV.test(rev) || rev.startsWith('-') || rev.includes('..'))
    throw new InputError(
      `${where}: "rev" must be a commit or a ref name, got ${JSON.stringify(rev).slice(0, 90)}`,
    );
  const task: ExperimentTask = { id, prompt, repo, rev };
  const check = record.check;
  if (typeof check === 'string') {
    if (check.trim() === '') throw new InputError(`${where}: "check" must be a command or left out`);
    task.check = check;
  } else if (
    Array.isArray(check) &&
    check.length > 0 &&
    check.every((word) => typeof word === 'string' && word !== '' && !word.includes('\0'))
  )
    task.check = check as string[];
  else if (check !== undefined && check !== null)
    throw new InputError(`${where}: "check" must be a command line or a list of its words`);
  if (record.follow_up !== undefined && record.follow_up !== null)
    task.followUp = followUpsOf(record.follow_up, where, task.check !== undefined);
  return task;
}

/**
 * Reads a tasks file: JSON Lines, one task a line; blank lines are skipped. A line that is not a task,
 * and two tasks with one id, are one-line errors naming the line.
 */
export function parseTasksJsonl(text: string, label: string): ExperimentTask[] {
  const tasks: ExperimentTask[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n');
  for (let at = 0; at < lines.length; at++) {
    const line = (lines[at] as string).replace(/\r$/, '');
    if (line.trim() === '') continue;
    const where = `${label} line ${at + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InputError(
        `${where}: expected one JSON object a line, got ${JSON.stringify(line.slice(0, 40))}`,
      );
    }
    const task = taskOf(value, where);
    if (seen.has(task.id)) throw new InputError(`${where}: task id "${task.id}" is given twice`);
    seen.add(task.id);
    tasks.push(task);
  }
  if (tasks.length === 0) throw new InputError(`${label}: no tasks (expected one JSON object a line)`);
  return tasks;
}

/** The task file's line for a task, as parseTasksJsonl reads it back. */
export function taskLine(task: ExperimentTask): string {
  const { followUp, ...rest } = task;
  if (followUp === undefined) return JSON.stringify(rest);
  return JSON.stringify({
    ...rest,
    follow_up: followUp.map((f) => ({
      say: f.say,
      ...(f.ifCheckFails ? { if_check_fails: true } : {}),
      ...(f.ifReplyContains !== undefined ? { if_reply_contains: f.ifReplyContains } : {}),
    })),
  });
}
