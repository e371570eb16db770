/**
 * Errors of the machine rather than of the tool: a full disk, a read-only file system, a folder where a file
 * belongs, a file without permission. Node throws them as plain Errors with an errno code; each adapter's
 * boundary words them as one line (what, where, what to do) instead of asking for a bug report, since the
 * user, not the code, can fix them.
 */
const SYSTEM_WORDS: Record<string, string> = {
  ENOSPC: 'no space left on the device; free some space and run it again (nothing already saved was lost)',
  EDQUOT: 'the disk quota is used up; free some space and run it again (nothing already saved was lost)',
  EROFS: 'the file system is read-only; write somewhere writable',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'a folder is where a file was expected',
  ENOTDIR: 'a file is where a folder was expected',
  ENOENT: 'no such file or folder',
  EEXIST: 'it already exists',
  ENAMETOOLONG: 'the name is too long for the file system',
  ELOOP: 'too many symbolic links (a link loop?)',
  EMFILE: 'too many open files; raise the limit (ulimit -n) or close other programs',
  ENFILE: 'too many open files on the machine',
  EIO: 'an input/output error of the device',
  ENXIO: 'no such device or address',
  ETXTBSY: 'the file is busy',
};

/** One line for an error of the machine (see SYSTEM_WORDS), or undefined when `error` is not one. */
export function systemErrorLine(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path, dest, syscall } = error as NodeJS.ErrnoException & { dest?: string };
  if (typeof code !== 'string' || !Object.hasOwn(SYSTEM_WORDS, code)) return undefined;
  // Only errors of a system call: a library's own error that happens to carry an errno-like code is a bug.
  if (typeof syscall !== 'string') return undefined;
  const where = path ? `${path}${dest ? ` → ${dest}` : ''}: ` : '';
  return `${where}${SYSTEM_WORDS[code]} (${code} in ${syscall})`;
}
