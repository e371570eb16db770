import { type ErrorCode, type ErrorFields, RetrospectError } from '../errors/errors.js';

type Words = { [C in ErrorCode]: (fields: ErrorFields[C]) => string };

/**
 * How the CLI words each coded error: in its own flags and arguments. Every code has its words here (the
 * type demands it), so a new code cannot reach a user in the core's plain message by accident.
 */
const CLI_WORDS: Words = {
  E_WALK_ANCHOR_WITH_SCOPE: () =>
    "--from-retro walks the changes of the anchor's session: give no TARGET or --scope",
  E_WALK_SCOPE_NEEDS_TARGET: ({ scope }) =>
    scope === 'commit-range'
      ? '--scope commit-range needs a TARGET range such as HEAD~5..HEAD'
      : `--scope ${scope} needs a TARGET (the ${scope === 'job-id' ? 'job id' : 'episode reference'})`,
  E_WALK_NOT_IN_GIT: ({ dir }) =>
    `${dir} is not inside a git repository; walk a diff file instead (retrospect walk --scope diff FILE)`,
  E_ANCHOR_ID_INVALID: ({ id }) =>
    `--from-retro takes a fabrication anchor id (16 hex digits, as a retro's hint prints it), got '${id}'`,
  E_ANCHOR_NOT_IN_GIT: ({ cwd }) => `--from-retro runs inside a git repository; ${cwd} is not in one`,
  E_SESSIONS_NOT_FOUND: ({ source }) => `--sessions ${source}: no such file or folder`,
  E_PROJECT_NOT_A_FOLDER: ({ project }) => `--project ${project}: not a directory`,
  E_SESSION_ALL_AND_ONE: () => '--all and a session id exclude each other: give one or the other',
  E_WALK_SESSION_ID_INVALID: ({ id }) =>
    `--session takes a session id (letters, digits, '.', '_', '-'), not ${JSON.stringify(id)}`,
  E_SURVIVAL_AT_INVALID: ({ rev, notACommit }) =>
    notACommit
      ? `--survival-at ${rev} is not a commit of this repository`
      : `--survival-at takes a revision (HEAD, main, a commit id), not ${JSON.stringify(rev)}`,
  E_SESSION_ID_INVALID: ({ query }) =>
    `a session is named by its id (a UUID), a unique prefix of it (at least 4 hex digits, as 'retrospect scan' prints 8) or its file, got '${query}'`,
  E_SPRINT_STATUS_NOT_FOUND: ({ looked, searched }) =>
    `no sprint status file found (looked at ${looked.join(', ')}${searched ? `, and searched ${searched} for sprint-status.yaml` : ''}); pass --root with the project folder`,
  E_SPRINT_ID_MISSING: ({ statusFile, looked, unreadable }) =>
    unreadable
      ? `the sprint id is needed: the sprint status file could not be read (${unreadable}); pass the sprint id as an argument to run from the story files`
      : statusFile
        ? `${statusFile} has no sprint_id; pass the sprint id as an argument`
        : `the sprint id is needed: no sprint status file found (looked at ${looked.join(', ')}); pass the sprint id as an argument (the story files whose sprint_id names it are read) or use --root`,
};

/** The message the CLI shows for an error: its own words for a coded one, else the error's message. */
export function cliMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof RetrospectError && Object.hasOwn(CLI_WORDS, error.code)) {
    const word = CLI_WORDS[error.code as ErrorCode] as (fields: unknown) => string;
    return word(error.fields);
  }
  return error.message;
}
