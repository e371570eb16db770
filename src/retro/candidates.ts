import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { UsageError } from '../errors/errors.js';
import { projectFolderName } from '../paths/data-dir.js';
import { looksLikeSessionPrefix, resolveSessionPrefix } from '../sessions/prefix.js';
import { otherAgentSources, quickProjectOf, readAgentSession } from '../transcript/agent-sessions.js';
import { listSessionFiles, sessionFolders, sessionPlaces } from '../transcript/claude/project-folders.js';
import { containsRetroInvocation } from '../transcript/claude/retro-command.js';
import { detectHost, HOST_ADAPTERS } from '../transcript/hosts.js';
import { newestUserSession } from '../transcript/newest-user-session.js';
import { isOwnRunTranscript } from '../transcript/own-run.js';
import { type IdentifiedSource, mtimeSecs } from '../transcript/source.js';
import type { HostName } from '../transcript/types.js';

/** Sessions modified more recently than this are still being written. */
const IN_PROGRESS_SECS = 60;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Why a session is set aside: still being written, one of Retrospect's own analysis runs (`claude -p`
 * through the claude-cli provider), ran a retro itself, or took too long to gate.
 */
export type SkipReason = 'in-progress' | 'own-run' | 'retro-invocation' | 'gate-timeout';

interface SkippedSession {
  session: IdentifiedSource;
  reason: SkipReason;
}

interface CandidateQuery {
  mainCheckout: string;
  /**
   * One session by id (searched in this project's folders, then in every project's), a unique prefix of
   * one, or a session file of any agent.
   */
  sessionId?: string | undefined;
  /** Where a session file's relative path starts (default: the main checkout). */
  cwd?: string | undefined;
  /** Every session of every project. */
  all?: boolean;
  projectsRoot?: string | undefined;
  /** Only sessions of these agents (default: every agent's). */
  hosts?: readonly HostName[] | undefined;
  env: NodeJS.ProcessEnv;
  nowMs?: number;
}

export interface Candidates {
  /** Sessions to gate, oldest first. */
  sessions: IdentifiedSource[];
  skipped: SkippedSession[];
  /** The folders searched (this project's folder under each projects root, or the roots), existing or not. */
  lookedIn: string[];
}

interface Picked {
  sessions: IdentifiedSource[];
  /** Retrospect's own runs passed over on the way to this project's newest session of the user's. */
  ownRuns: IdentifiedSource[];
  /** Sessions already found not to be own runs on the way: their heads are not read again. */
  userSessions?: ReadonlySet<string>;
}

/**
 * A session named by its file (any agent's: a Codex rollout, a Gemini CLI chat, an OpenCode
 * `<database>/<session id>` row, a Copilot CLI event log, a Claude Code transcript), when `text` is one.
 */
function sessionAtPath(text: string, cwd: string): IdentifiedSource | undefined {
  if (looksLikeSessionPrefix(text)) return undefined;
  const path = resolve(cwd, text);
  const detected = detectHost(path);
  const stat = detected?.adapter.stat(path);
  if (detected === undefined || stat === undefined) return undefined;
  const facts = detected.adapter.readEvents(path, () => {});
  const sessionId = facts.sessionId ?? basename(path).replace(/\.(?:jsonl?)(?:\.zst)?$/, '');
  const ranIn = facts.session?.cwd;
  return {
    path,
    host: detected.adapter.name,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    project: ranIn ? projectFolderName(ranIn) : '',
    parentFromPath: undefined,
    isSubagent: facts.session?.subagent === true,
    sessionId,
  };
}

const wants = (query: CandidateQuery, host: HostName) =>
  query.hosts === undefined || query.hosts.includes(host);

/**
 * The other agents' main sessions whose project `keep` accepts, as session files (each is read for its id
 * and folder). With `newerThanMs`, only the newest such session newer than that: reading stops there.
 */
function otherAgentFiles(
  query: CandidateQuery,
  keep: (project: string) => boolean,
  newerThanMs?: number,
): IdentifiedSource[] {
  const files: IdentifiedSource[] = [];
  for (const source of otherAgentSources(query.env, query.hosts)) {
    // Newest first: once one is older than the session already chosen, none after it can win.
    if (newerThanMs !== undefined && source.mtimeMs <= newerThanMs) break;
    // Another project's session, told by its place or first record, is not read whole.
    const known = quickProjectOf(source);
    if (known !== undefined && !keep(known)) continue;
    const info = readAgentSession(source);
    if (info.subagent || !keep(info.project)) continue;
    files.push({ ...source, project: info.project, sessionId: info.sessionId });
    if (newerThanMs !== undefined) break;
  }
  return files;
}

function pickSessions(query: CandidateQuery, nowMs: number): Picked {
  if (query.sessionId !== undefined) {
    const file = sessionAtPath(query.sessionId, query.cwd ?? query.mainCheckout);
    if (file) return { sessions: [file], ownRuns: [] };
  }
  const base = { mainCheckout: query.mainCheckout, projectsRoot: query.projectsRoot, env: query.env };
  // Freshness 0 here: in-progress sessions are listed so that they can be reported as skipped.
  const list = (scope: 'current' | 'all') => listSessionFiles(sessionFolders({ ...base, scope }), 0, nowMs);
  const claude = (scope: 'current' | 'all') => (wants(query, 'claude-code') ? list(scope) : []);
  if (query.all) return { sessions: [...claude('all'), ...otherAgentFiles(query, () => true)], ownRuns: [] };
  if (query.sessionId !== undefined && !SESSION_ID.test(query.sessionId)) {
    return { sessions: [resolveSessionPrefix(query.sessionId, query)], ownRuns: [] };
  }
  if (query.sessionId !== undefined) {
    const wanted = query.sessionId;
    const found =
      list('current').find((s) => s.sessionId === wanted) ?? list('all').find((s) => s.sessionId === wanted);
    // Not Claude Code's: another agent's session (Codex and Gemini ids are UUIDs too), found the way every
    // command finds a named session, or an error naming every place looked in.
    return { sessions: [found ?? resolveSessionPrefix(wanted, query)], ownRuns: [] };
  }
  // Only own runs are passed over: the newest session of the user's is the candidate even when it is still
  // being written or ran a retro itself (docs/design/session-retro.md §5 step 2 skips it then, it does not take an older one).
  const newest = newestUserSession(claude('current'), mtimeSecs);
  // Another agent's session of this project (by the folder it ran in) wins when it is newer.
  const project = projectFolderName(query.mainCheckout);
  // Whole seconds, as Claude Code's are compared: a tie keeps Claude Code's session.
  const newerThanMs = newest.session ? mtimeSecs(newest.session) * 1000 + 999 : -1;
  const other = otherAgentFiles(query, (key) => key === project, newerThanMs)[0];
  if (other) return { sessions: [other], ownRuns: [] };
  if (!newest.session) return { sessions: [], ownRuns: newest.ownRuns };
  return {
    sessions: [newest.session],
    ownRuns: newest.ownRuns,
    userSessions: new Set([newest.session.path]),
  };
}

/**
 * The sessions a retro looks at: the given session, else this project's newest that is not one of
 * Retrospect's own runs, or with `all` every session of every project. Sessions still being written (modified less than 60 s ago), Retrospect's own
 * analysis runs and sessions that ran a retro themselves (loop prevention) are set aside with their reason.
 */
export function findCandidates(query: CandidateQuery): Candidates {
  if (query.all && query.sessionId !== undefined) {
    throw new UsageError('all sessions and one session id exclude each other: give one or the other', {
      code: 'E_SESSION_ALL_AND_ONE',
      fields: {},
    });
  }
  if (
    query.sessionId !== undefined &&
    !looksLikeSessionPrefix(query.sessionId) &&
    detectHost(resolve(query.cwd ?? query.mainCheckout, query.sessionId)) === undefined
  ) {
    throw new UsageError(
      `a session is named by its id (a UUID), a unique prefix of it (at least 4 hex digits, or OpenCode's ses_…) or its file, got '${query.sessionId}'`,
      { code: 'E_SESSION_ID_INVALID', fields: { query: query.sessionId } },
    );
  }
  const nowMs = query.nowMs ?? Date.now();
  const nowSecs = Math.floor(nowMs / 1000);
  const picked = pickSessions(query, nowMs);
  const sessions: IdentifiedSource[] = [];
  const skipped: SkippedSession[] = picked.ownRuns
    .sort((a, b) => mtimeSecs(a) - mtimeSecs(b))
    .map((session) => ({ session, reason: 'own-run' as const }));
  for (const session of picked.sessions.sort((a, b) => mtimeSecs(a) - mtimeSecs(b))) {
    if (nowSecs - mtimeSecs(session) < IN_PROGRESS_SECS) skipped.push({ session, reason: 'in-progress' });
    // The own-run check reads the file's first KB only, so it goes before the whole-file retro search.
    else if (!picked.userSessions?.has(session.path) && isOwnRunTranscript(session.path))
      skipped.push({ session, reason: 'own-run' });
    else if (containsRetroInvocation(session.path)) skipped.push({ session, reason: 'retro-invocation' });
    else sessions.push(session);
  }
  const scope = query.all || query.sessionId !== undefined ? 'all' : 'current';
  const lookedIn = sessionPlaces({
    mainCheckout: query.mainCheckout,
    scope,
    projectsRoot: query.projectsRoot,
    env: query.env,
  });
  const places = wants(query, 'claude-code') ? lookedIn : [];
  // The other agents' places are named where they exist (they keep no folder per project).
  const others = HOST_ADAPTERS.filter((a) => a.name !== 'claude-code' && wants(query, a.name))
    .flatMap((a) => a.roots(query.env))
    .filter((place) => existsSync(place));
  return { sessions, skipped, lookedIn: [...places, ...others] };
}
