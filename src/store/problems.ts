import { StoreError, type StoreProblem } from '../errors/errors.js';

/** SQLite's answers (extended codes included, e.g. SQLITE_CORRUPT_VTAB) and what each means for the store. */
function problemOf(code: string): StoreProblem | undefined {
  if (
    code.startsWith('SQLITE_CORRUPT') ||
    code === 'SQLITE_NOTADB' ||
    code.startsWith('SQLITE_IOERR_SHORT_READ')
  )
    return 'corrupt';
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return 'read-only';
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_PERM')
    return 'cannot-open';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'busy';
  if (code === 'EISDIR') return 'not-a-file';
  if (code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR' || code === 'ENOENT') return 'cannot-open';
  return undefined;
}

/** The one-line message for a store that cannot be used, with what to do about it. */
export function storeProblemMessage(path: string, problem: StoreProblem, detail: string): string {
  const aside = `move it aside (mv '${path}' '${path}.broken') and run 'retrospect scan' to build a new one, or run 'retrospect scan --rebuild'`;
  switch (problem) {
    case 'corrupt':
      return `the session store ${path} is damaged (${detail}): ${aside}`;
    case 'not-a-store':
      return `${path} is not a Retrospect session store (${detail}); it was left as it was: give --store the path of a session store or of a new file`;
    case 'newer-schema':
      return `the session store ${path} ${detail}`;
    case 'read-only':
      return `the session store ${path} cannot be written (${detail}): make it and its folder writable, or give --store another file`;
    case 'not-a-file':
      // `detail` says what is there: a folder (a store file may go inside it), or a FIFO, a device, a socket.
      if (detail === 'a folder')
        return `the session store ${path} is a folder, not a file: give --store the path of a file (such as ${path.replace(/\/+$/, '')}/store.sqlite)`;
      return `the session store ${path} is ${detail === 'not a regular file' ? 'not a regular file (a FIFO, a device or a socket)' : `${detail}, not a regular file`}: give --store the path of a file`;
    case 'busy':
      return `the session store ${path} is busy (${detail}): another retrospect is writing it; try again in a moment`;
    case 'cannot-open':
      return `the session store ${path} cannot be opened (${detail}): check that its folder exists and is readable and writable, or give --store another file`;
  }
}

/**
 * The StoreError for an error met while opening or using the store at `path`, or undefined when the error
 * is not about the store (a bug, which the caller rethrows as it is).
 */
export function storeErrorFor(path: string, error: unknown): StoreError | undefined {
  if (error instanceof StoreError) return error;
  // Damage inside a row: its verdict text no longer parses (in SQLite's json functions, or in JSON.parse).
  const damagedRow =
    error instanceof SyntaxError ||
    (error instanceof Error &&
      (error as { code?: unknown }).code === 'SQLITE_ERROR' &&
      /malformed JSON/i.test(error.message));
  if (damagedRow) {
    const detail = `a stored record cannot be read: ${(error as Error).message}`;
    return new StoreError(path, 'corrupt', storeProblemMessage(path, 'corrupt', detail), { cause: error });
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  const problem = problemOf(code);
  if (problem === undefined) return undefined;
  const detail = (error as Error).message.replace(/\s+/g, ' ').trim();
  return new StoreError(path, problem, storeProblemMessage(path, problem, detail), { cause: error });
}
