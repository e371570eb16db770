import { existsSync } from 'node:fs';
import { looksLikeSessionPrefix, resolveSessionPrefix } from '../sessions/prefix.js';
import type { CliIo } from './io.js';

/**
 * The transcript a SESSION argument names: an existing path as given, else a session id or its unique
 * prefix (as `retrospect scan` prints it) of any agent, looked up in Claude Code's projects folders and
 * every other agent's places. Anything else is passed on, for the command to report as a missing file.
 */
export function transcriptPath(arg: string, io: CliIo, projectsRoot?: string): string {
  if (existsSync(arg) || !looksLikeSessionPrefix(arg)) return arg;
  return resolveSessionPrefix(arg, { env: io.env, projectsRoot }).path;
}
