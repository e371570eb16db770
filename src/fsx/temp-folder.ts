import { tmpdir } from 'node:os';

/**
 * The temp folder of a command's environment, found as Node's os.tmpdir() finds it in the process's (TMPDIR,
 * then TMP, then TEMP): a command run in-process with its own env puts its temporary files where the same
 * command run as a process with that env would. An env that names none gets the process's own.
 */
export function tempFolderOf(env: NodeJS.ProcessEnv): string {
  const named = process.platform === 'win32' ? env.TEMP || env.TMP : env.TMPDIR || env.TMP || env.TEMP;
  if (!named) return tmpdir();
  return named.replace(/(.)[\\/]+$/, '$1');
}
