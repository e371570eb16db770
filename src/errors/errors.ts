/**
 * Errors that the CLI's one error boundary (main.ts) maps to an exit status and a message.
 * Domain code throws these only for conditions the user can act on; expected outcomes are values.
 */
export class RetrospectError extends Error {
  readonly code: string;
  readonly exitCode: number;

  constructor(code: string, message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RetrospectError';
    this.code = code;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** Wrong words on the command line: the message says what was expected. */
export class UsageError extends RetrospectError {
  constructor(message: string, exitCode = 2) {
    super('E_USAGE', message, { exitCode });
    this.name = 'UsageError';
  }
}

/** Input the user gave us (a file, a setting) is not what it should be. */
export class InputError extends RetrospectError {
  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super('E_INPUT', message, options);
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
