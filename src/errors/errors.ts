/**
 * The coded errors whose words belong to an adapter, and the fields each carries. The core throws them with
 * a plain message that names no flag and no parameter (a library caller reads that one); the CLI
 * (cli/error-words.ts) and the MCP server (mcp/error-words.ts) word each code for their own users, from the
 * fields. A code is stable: renaming one is a breaking change for whoever matches on it.
 */
export interface ErrorFields {
  /** A walk from a retro anchor was given a target or a scope as well. */
  E_WALK_ANCHOR_WITH_SCOPE: Record<string, never>;
  /** A walk scope that needs a target (a range, a job id, an episode) got none. */
  E_WALK_SCOPE_NEEDS_TARGET: { scope: string };
  /** A walk of commits or the worktree outside any git repository. */
  E_WALK_NOT_IN_GIT: { dir: string };
  /** A fabrication anchor id that is not 16 hex digits. */
  E_ANCHOR_ID_INVALID: { id: string };
  /** A walk from a retro anchor outside any git repository (anchors live in the repository). */
  E_ANCHOR_NOT_IN_GIT: { cwd: string };
  /** A session source (file or folder) that does not exist. */
  E_SESSIONS_NOT_FOUND: { source: string };
  /** The project folder for hook settings is not a folder. */
  E_PROJECT_NOT_A_FOLDER: { project: string };
  /** A retro asked for all sessions and for one session at once. */
  E_SESSION_ALL_AND_ONE: Record<string, never>;
  /** A walk of one session named by something that is not a session id (letters, digits, '.', '_', '-'). */
  E_WALK_SESSION_ID_INVALID: { id: string };
  /** The later revision survival is measured at: not a revision's form, or not a commit of the repository. */
  E_SURVIVAL_AT_INVALID: { rev: string; notACommit: boolean };
  /** A session named by something that is neither a UUID nor a hex prefix of one. */
  E_SESSION_ID_INVALID: { query: string };
  /** No sprint status file under the project root (`looked`: the paths tried; `searched`: the folder searched). */
  E_SPRINT_STATUS_NOT_FOUND: { looked: string[]; searched?: string };
  /** No sprint id given, and none in the status file (`statusFile`), or no status file at all (`looked`). */
  E_SPRINT_ID_MISSING: { statusFile?: string; looked: string[]; unreadable?: string };
}

export type ErrorCode = keyof ErrorFields;

interface CodedOptions<C extends ErrorCode> {
  code: C;
  fields: ErrorFields[C];
  exitCode?: number;
  cause?: unknown;
}

/**
 * Errors that an adapter's one error boundary (the CLI's main.ts, the MCP tool wrapper) maps to an exit
 * status and a message. Domain code throws these only for conditions the user can act on; expected
 * outcomes are values.
 */
export class RetrospectError extends Error {
  readonly code: string;
  readonly exitCode: number;
  /** What an adapter needs to word the message itself (see ErrorFields); empty for uncoded errors. */
  readonly fields: Readonly<Record<string, unknown>>;

  constructor(
    code: string,
    message: string,
    options: { exitCode?: number; cause?: unknown; fields?: Readonly<Record<string, unknown>> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RetrospectError';
    this.code = code;
    this.exitCode = options.exitCode ?? 1;
    this.fields = options.fields ?? {};
  }
}

/** The fields of `error` when it carries `code`, else undefined: how an adapter reads a coded error. */
export function codedFields<C extends ErrorCode>(error: unknown, code: C): ErrorFields[C] | undefined {
  return error instanceof RetrospectError && error.code === code
    ? (error.fields as ErrorFields[C])
    : undefined;
}

/** Wrong words on the command line: the message says what was expected. */
export class UsageError extends RetrospectError {
  /** Plain usage errors carry E_USAGE; coded ones (options.code) are worded by each adapter. */
  constructor(message: string, exitCodeOrCoded: number | CodedOptions<ErrorCode> = 2) {
    const coded = typeof exitCodeOrCoded === 'number' ? undefined : exitCodeOrCoded;
    super(coded?.code ?? 'E_USAGE', message, {
      exitCode: typeof exitCodeOrCoded === 'number' ? exitCodeOrCoded : (coded?.exitCode ?? 2),
      cause: coded?.cause,
      fields: coded?.fields,
    });
    this.name = 'UsageError';
  }
}

/** Input the user gave us (a file, a setting) is not what it should be. */
export class InputError extends RetrospectError {
  /** Plain input errors carry E_INPUT; coded ones (options.code) are worded by each adapter. */
  constructor(
    message: string,
    options: { exitCode?: number; cause?: unknown } | CodedOptions<ErrorCode> = {},
  ) {
    super('code' in options ? options.code : 'E_INPUT', message, options);
    this.name = 'InputError';
  }
}

/**
 * A path inside the project leads out of it (a symlink, `..`): Retrospect never writes there, so that a
 * committed symlink cannot send a write to a file elsewhere on the machine.
 */
export class OutsideProjectError extends RetrospectError {
  readonly path: string;
  readonly root: string;

  constructor(path: string, root: string) {
    super('E_OUTSIDE_PROJECT', `refusing to write ${path}: it resolves outside the project ${root}`);
    this.name = 'OutsideProjectError';
    this.path = path;
    this.root = root;
  }
}

/**
 * `--help` on a command line: not a failure, but it ends the command the same way. The CLI's error boundary
 * prints the text on stdout and exits 0. (It lives here, with the other classes the boundary recognises, so
 * that a command bundled into one file throws the same class.)
 */
export class HelpShown extends RetrospectError {
  constructor(text: string) {
    super('E_HELP', text, { exitCode: 0 });
    this.name = 'HelpShown';
  }
}

/** The shared session store's server could not be reached (or refused us): one line says where and why. */
export class StoreUnreachableError extends RetrospectError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('E_STORE_UNREACHABLE', message, options);
    this.name = 'StoreUnreachableError';
  }
}

/** A collector did not take what was sent (unreachable, or it answered with an error): where and why. */
export class ExportFailedError extends RetrospectError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('E_EXPORT', message, options);
    this.name = 'ExportFailedError';
  }
}

/** Why a session store cannot be used. */
export type StoreProblem =
  | 'corrupt'
  | 'not-a-store'
  | 'newer-schema'
  | 'read-only'
  | 'not-a-file'
  | 'cannot-open'
  | 'busy';

/**
 * The session store cannot be used as it is: corrupt, another program's database, read-only, a folder.
 * The message names the file and what to do about it.
 */
export class StoreError extends RetrospectError {
  constructor(
    readonly path: string,
    readonly problem: StoreProblem,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super('E_STORE', message, { exitCode: 1, ...options });
    this.name = 'StoreError';
  }
}
