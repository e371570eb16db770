import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { looksLikeSessionPrefix, resolveSessionPrefix } from '../sessions/prefix.js';
import type { CliIo } from './io.js';

/**
 * The transcript a SESSION argument names: an existing path (relative to the command's folder, which an
 * in-process run need not share with the process), else a session id or its unique prefix (as `retrospect
 * scan` prints it) of any agent, looked up in Claude Code's projects folders and every other agent's
 * places. Anything else is passed on, for the command to report as a missing file.
 */
export function transcriptPath(arg: string, io: CliIo, projectsRoot?: string): string {
  const inCommandFolder = resolve(io.cwd, arg);
  // The argument as given when it names that file from the process's folder too, so messages keep it.
  if (existsSync(inCommandFolder)) return inCommandFolder === resolve(arg) ? arg : inCommandFolder;
  if (!looksLikeSessionPrefix(arg)) return arg;
  return resolveSessionPrefix(arg, { env: io.env, projectsRoot }).path;
}
