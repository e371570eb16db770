import { basename, dirname } from 'node:path';
import { InputError, UsageError } from '../errors/errors.js';
import { listSessionFiles, type SessionFile, sessionFolders } from '../trial/discover.js';

/** Shortest prefix taken for a session id, as git takes for a short hash. */
export const MIN_PREFIX = 4;

/** A session id or the start of one: hex digits and dashes, at least MIN_PREFIX characters. */
export function looksLikeSessionPrefix(text: string): boolean {
  return text.length >= MIN_PREFIX && text.length <= 36 && /^[0-9a-f][0-9a-f-]*$/i.test(text);
}

export interface SessionLookup {
  /** A Claude Code projects folder to search instead of each config dir's `projects/`. */
  projectsRoot?: string | undefined;
  env: NodeJS.ProcessEnv;
}

/** Where a lookup searched, for messages. */
export function lookupPlaces(lookup: SessionLookup): string {
  if (lookup.projectsRoot) return lookup.projectsRoot;
  const dirs = (lookup.env.CLAUDE_CONFIG_DIR ?? '').split(',').filter((d) => d.trim());
  return dirs.length > 0 ? dirs.map((d) => `${d.trim()}/projects`).join(', ') : '~/.claude/projects';
}

/** Every session transcript in every project whose id starts with `prefix` (case-insensitive). */
export function sessionsWithPrefix(prefix: string, lookup: SessionLookup): SessionFile[] {
  const wanted = prefix.toLowerCase();
  const folders = sessionFolders({ mainCheckout: '', scope: 'all', ...lookup });
  return listSessionFiles(folders, 0, Date.now()).filter((s) => s.sessionId.toLowerCase().startsWith(wanted));
}

/** `c7d3d95c-… (-home-ada-shop)` for a list of candidates. */
function candidateText(session: SessionFile): string {
  return `${session.sessionId} (${basename(dirname(session.path))})`;
}

/**
 * The one session a prefix names, like a git short hash: a unique match is the session; several are a
 * usage error listing them (give more characters); none is an input error saying where it looked.
 */
export function resolveSessionPrefix(prefix: string, lookup: SessionLookup): SessionFile {
  const matches = sessionsWithPrefix(prefix, lookup);
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0)
    throw new InputError(`no session id starts with '${prefix}' (looked under ${lookupPlaces(lookup)})`);
  const shown = matches.slice(0, 6).map(candidateText).join(', ');
  const more = matches.length > 6 ? `, and ${matches.length - 6} more` : '';
  throw new UsageError(
    `session prefix '${prefix}' is ambiguous: ${matches.length} sessions match (${shown}${more}); give more characters`,
  );
}
