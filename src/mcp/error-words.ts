import type { ErrorCode, ErrorFields, RetrospectError } from '../errors/errors.js';

type Words = { [C in ErrorCode]?: (fields: ErrorFields[C]) => string };

/**
 * How the MCP server words the coded errors its tools can meet: in the tools' parameter names, not the
 * CLI's flags. A code without words here reaches the client in the core's plain message, which names none.
 */
const MCP_WORDS: Words = {
  E_WALK_ANCHOR_WITH_SCOPE: () => "fromRetro walks the anchor's session: give no target or scope",
  E_WALK_SCOPE_NEEDS_TARGET: ({ scope }) =>
    scope === 'commit-range'
      ? 'target: scope commit-range needs a range such as HEAD~5..HEAD'
      : `target: scope ${scope} needs a target (the ${scope === 'job-id' ? 'job id' : 'episode reference'})`,
  E_WALK_SESSION_ID_INVALID: ({ id }) =>
    `session takes a session id (letters, digits, '.', '_', '-'), not ${JSON.stringify(id)}`,
  E_SURVIVAL_AT_INVALID: ({ rev, notACommit }) =>
    notACommit
      ? `survivalAt ${rev} is not a commit of this repository`
      : `survivalAt takes a revision (HEAD, main, a commit id), not ${JSON.stringify(rev)}`,
  E_WALK_NOT_IN_GIT: ({ dir }) =>
    `${dir} is not inside a git repository; walk a diff file instead (scope diff)`,
  E_ANCHOR_ID_INVALID: ({ id }) =>
    `fromRetro takes a fabrication anchor id (16 hex digits, as a retro's hint prints it), got '${id}'`,
  E_ANCHOR_NOT_IN_GIT: ({ cwd }) => `fromRetro runs inside a git repository; ${cwd} is not in one`,
  E_SESSIONS_NOT_FOUND: ({ source }) => `sessions: ${source}: no such file or folder`,
  E_SPRINT_STATUS_NOT_FOUND: ({ looked, searched }) =>
    `no sprint status file found (looked at ${looked.join(', ')}${searched ? `, and searched ${searched} for sprint-status.yaml` : ''}); give the project folder as root`,
  E_SPRINT_ID_MISSING: ({ statusFile, looked, unreadable }) =>
    unreadable
      ? `the sprint status file could not be read (${unreadable}); give sprintId to run from the story files`
      : statusFile
        ? `${statusFile} has no sprint_id; give sprintId`
        : `no sprint id given and no sprint status file found (looked at ${looked.join(', ')}); give sprintId or root`,
};

/** The message an MCP tool returns for an error: the server's words for a coded one, else its message. */
export function mcpMessage(error: RetrospectError): string {
  const word = MCP_WORDS[error.code as ErrorCode] as ((fields: unknown) => string) | undefined;
  return word ? word(error.fields) : error.message;
}
