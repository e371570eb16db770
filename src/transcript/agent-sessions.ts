import { projectFolderName } from '../paths/data-dir.js';
import { discoverSessions } from './discover.js';
import { adapterNamed, HOST_ADAPTERS } from './hosts.js';
import type { SessionSource } from './source.js';
import type { HostName } from './types.js';

/**
 * The sessions of the agents other than Claude Code, found in their own places (as the environment moves
 * them, the same discovery `scan` uses), newest first. Sub-agent sessions their place names are left out
 * unless `withSubagents`; `hosts` keeps only those agents. Claude Code's sessions are found by project folder, not here.
 */
export function otherAgentSources(
  env: NodeJS.ProcessEnv,
  hosts?: readonly HostName[],
  withSubagents = false,
): SessionSource[] {
  const roots = HOST_ADAPTERS.filter(
    (adapter) => adapter.name !== 'claude-code' && (hosts === undefined || hosts.includes(adapter.name)),
  ).flatMap((adapter) => adapter.roots(env).map((path) => ({ path, host: adapter.name })));
  return discoverSessions(roots)
    .sources.filter((source) => withSubagents || !source.isSubagent)
    .sort((a, b) => b.mtimeMs - a.mtimeMs || a.path.localeCompare(b.path));
}

/**
 * A session's project key when its place or its first record names it (a Gemini CLI project folder, an
 * OpenCode session's directory, a Codex rollout's `session_meta`), without reading the session whole;
 * undefined when only a whole read tells.
 */
export function quickProjectOf(source: SessionSource): string | undefined {
  if (source.project) return source.project;
  const cwd = adapterNamed(source.host).headCwd?.(source.path);
  return cwd ? projectFolderName(cwd) : undefined;
}

/** What reading an agent's session tells about where it belongs. */
export interface AgentSessionInfo {
  sessionId: string;
  /** The project key (`-home-ada-shop`, as Claude Code names its project folders), '' when unknown. */
  project: string;
  /** The folder the session ran in, when the agent records it. */
  cwd: string | undefined;
  /** Its prompts come from the agent that started it (a spawned or forked child), not from a person. */
  subagent: boolean;
}

/**
 * Reads one session of another agent for its id, its folder and whether it is a sub-agent's. Codex and
 * Copilot CLI keep no per-project folders: only the session's own record of its folder tells the project.
 */
export function readAgentSession(source: SessionSource): AgentSessionInfo {
  const facts = adapterNamed(source.host).readEvents(source.path, () => {});
  const cwd = facts.session?.cwd;
  return {
    sessionId: facts.sessionId ?? source.path,
    project: source.project || (cwd ? projectFolderName(cwd) : ''),
    cwd,
    subagent: facts.session?.subagent === true,
  };
}

/**
 * The other agents' sessions (sub-agents' included: their edits are the session's work) that ran in one of
 * `folders` or below, by project key as Claude Code names its folders (`<key>` or `<key>-<sub folder>`).
 * A session whose place or first record names its project is not read whole; the others are, for the folder
 * they record.
 */
export function otherAgentSessionsIn(env: NodeJS.ProcessEnv, folders: readonly string[]): string[] {
  const keys = [...new Set(folders.map(projectFolderName))];
  const inside = (project: string) =>
    project !== '' && keys.some((key) => project === key || project.startsWith(`${key}-`));
  return otherAgentSources(env, undefined, true)
    .filter((source) => inside(quickProjectOf(source) ?? readAgentSession(source).project))
    .map((source) => source.path);
}
