import { sep } from 'node:path';
import { InputError, UsageError } from '../errors/errors.js';
import { otherAgentSources, quickProjectOf, readAgentSession } from '../transcript/agent-sessions.js';
import { listSessionFiles, projectsRoots, sessionFolders } from '../transcript/claude/project-folders.js';
import { HOST_ADAPTERS } from '../transcript/hosts.js';
import type { IdentifiedSource, SessionSource } from '../transcript/source.js';

/** Shortest prefix taken for a session id, as git takes for a short hash. */
const MIN_PREFIX = 4;

/**
 * The characters of a session id's name part: Claude Code, Codex, Gemini CLI and Copilot CLI name sessions
 * by UUIDs; OpenCode by `ses_` and a base-62 tail (`ses_12be9f828ffe…`), which `scan` shortens to `ses_12be`.
 */
const HEX_ID = /^[0-9a-f][0-9a-f-]*$/i;
const OPENCODE_ID = /^ses_[0-9a-z]*$/i;

/** A session id or the start of one, of any agent: at least MIN_PREFIX characters. */
export function looksLikeSessionPrefix(text: string): boolean {
  if (text.length < MIN_PREFIX) return false;
  if (OPENCODE_ID.test(text)) return text.length <= 64;
  return text.length <= 36 && HEX_ID.test(text);
}

interface SessionLookup {
  /** A Claude Code projects folder to search instead of each config dir's `projects/`. */
  projectsRoot?: string | undefined;
  env: NodeJS.ProcessEnv;
}

/**
 * A session a prefix names: its file (or OpenCode database row), its full id, the agent that wrote it and
 * its project key (`-home-ada-shop`, '' when the session does not say).
 */
type NamedSession = IdentifiedSource;

/** Where a lookup searched, for messages: Claude Code's projects folders, then each other agent's places. */
function lookupPlaces(lookup: SessionLookup): string {
  const claude = lookup.projectsRoot
    ? [lookup.projectsRoot]
    : (lookup.env.CLAUDE_CONFIG_DIR ?? '').split(',').some((d) => d.trim())
      ? projectsRoots(lookup)
      : ['~/.claude/projects'];
  const others = HOST_ADAPTERS.filter((adapter) => adapter.name !== 'claude-code').flatMap((adapter) =>
    adapter.roots(lookup.env),
  );
  return [...claude, ...others].join(', ');
}

function claudeSessions(wanted: string, lookup: SessionLookup): NamedSession[] {
  const folders = sessionFolders({ mainCheckout: '', scope: 'all', ...lookup });
  return listSessionFiles(folders, 0, Date.now()).filter((s) => s.sessionId.toLowerCase().startsWith(wanted));
}

/**
 * Whether a session's place names the start of `wanted`: every agent puts the id, or its first eight
 * characters, in the file's or its folder's name (a Codex rollout, a Gemini chat, a Copilot session folder,
 * an OpenCode row). Only these are read, so a lookup among thousands of sessions reads a few.
 */
function placeMentions(source: SessionSource, wanted: string): boolean {
  const tail = source.path.split(sep).slice(-2).join(sep).toLowerCase();
  return tail.includes(wanted.slice(0, 8));
}

function otherSessions(wanted: string, env: NodeJS.ProcessEnv): NamedSession[] {
  const found: NamedSession[] = [];
  for (const source of otherAgentSources(env, undefined, true)) {
    if (!placeMentions(source, wanted)) continue;
    const info = readAgentSession(source);
    if (!info.sessionId.toLowerCase().startsWith(wanted)) continue;
    found.push({ ...source, project: quickProjectOf(source) ?? info.project, sessionId: info.sessionId });
  }
  return found;
}

/**
 * Every session of every agent whose id starts with `prefix` (case-insensitive): Claude Code's transcripts
 * in its projects folders, and the other agents' sessions in their own places (as `scan` finds them).
 */
export function sessionsWithPrefix(prefix: string, lookup: SessionLookup): NamedSession[] {
  const wanted = prefix.toLowerCase();
  return [...claudeSessions(wanted, lookup), ...otherSessions(wanted, lookup.env)];
}

/** `c7d3d95c-… (-home-ada-shop)`, or `019e1695-… (codex, -home-ada-shop)`, for a list of candidates. */
function candidateText(session: NamedSession): string {
  const where = [session.host === 'claude-code' ? '' : session.host, session.project].filter(Boolean);
  return where.length > 0 ? `${session.sessionId} (${where.join(', ')})` : session.sessionId;
}

/**
 * The one session a prefix names, like a git short hash, among every agent's sessions: a unique match is
 * the session; several are a usage error listing them (give more characters); none is an input error
 * saying where it looked.
 */
export function resolveSessionPrefix(prefix: string, lookup: SessionLookup): NamedSession {
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
