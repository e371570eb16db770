import { basename } from 'node:path';
import { InputError } from '../../errors/errors.js';
import type { GitRoots } from '../../git/roots.js';
import { readSessionFile } from '../link/agent-edits.js';
import {
  defaultOtherAgentSessions,
  defaultSessionDirs,
  listSessionFiles,
  resolveSessionSources,
} from '../link/session-sources.js';

/** A session id as hosts spell them (a UUID for Claude Code): one token, so it can name nothing else. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The transcript of session `id` among the walk's session sources (`--sessions`, else this project's
 * sessions): a main session file (not a subagent's) named `<id>.jsonl`, or, failing that, whose lines
 * say they are that session. An id that is not one token, or that no source holds, is an error that
 * says where it was looked for.
 */
export function findSessionTranscript(
  id: string,
  sources: readonly string[] | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv,
  roots: GitRoots | undefined,
): string {
  if (!SESSION_ID.test(id))
    throw new InputError(`a session id has letters, digits, '.', '_', '-' only, not ${JSON.stringify(id)}`, {
      code: 'E_WALK_SESSION_ID_INVALID',
      fields: { id },
    });
  const files =
    sources === undefined
      ? [
          ...defaultSessionDirs(env, roots).flatMap(listSessionFiles),
          ...defaultOtherAgentSessions(env, roots),
        ]
      : resolveSessionSources(sources, cwd, roots).files;
  const main = files.filter((file) => !file.includes('/subagents/'));
  const named = main.find((file) => basename(file).replace(/\.(jsonl|json)$/, '') === id);
  if (named) return named;
  for (const file of main) {
    try {
      const read = readSessionFile(file);
      if (read.sessionId === id && !read.subagent) return file;
    } catch {
      // An unreadable file is not the session asked for.
    }
  }
  const where = sources === undefined ? "this project's session folders" : `--sessions ${sources.join(', ')}`;
  throw new InputError(
    `no transcript of session ${id} in ${where} (${files.length} session files looked at)`,
  );
}
