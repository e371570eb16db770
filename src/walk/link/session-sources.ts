import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pushAll } from '../../arrays/bounded.js';
import { InputError } from '../../errors/errors.js';
import type { GitRoots } from '../../git/roots.js';
import { claudeConfigDirs, projectFolderName } from '../../paths/data-dir.js';
import { otherAgentSessionsIn } from '../../transcript/agent-sessions.js';
import { discoverSessions } from '../../transcript/discover.js';
import { detectHost } from '../../transcript/hosts.js';
import { isDirectory, sortedEntries } from '../../transcript/source.js';

/** The session files a walk reads, and what to tell the user about where they came from. */
export interface SessionSources {
  files: string[];
  notes: string[];
  warnings: string[];
}

/** Session files in a Claude Code project folder: `<id>.jsonl` and `<id>/subagents/*.jsonl`. */
export function listSessionFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of sortedEntries(dir)) {
    const path = join(dir, name);
    if (name.endsWith('.jsonl')) files.push(path);
    else if (isDirectory(join(path, 'subagents'))) {
      for (const sub of sortedEntries(join(path, 'subagents'))) {
        if (sub.endsWith('.jsonl')) files.push(join(path, 'subagents', sub));
      }
    }
  }
  return files;
}

/** A transcript that reads as Claude Code's by its place or its lines (not merely by its `.jsonl` name). */
function isClaudeSession(file: string): boolean {
  const detected = detectHost(file);
  return detected?.adapter.name === 'claude-code' && detected.by !== 'default';
}

/** The project folder names Claude Code gives sessions started in this repository (worktree and main checkout). */
function repositoryFolderNames(roots: GitRoots): string[] {
  return [...new Set([roots.worktree, roots.mainCheckout].map(projectFolderName))];
}

/**
 * The folders of a projects root (`~/.claude/projects`) that hold this repository's sessions: named after
 * the worktree or the main checkout, or after a folder below them (`<name>-<sub folder>`). A look-alike
 * sibling folder may be read too; its edits link only where their content matches.
 */
function repositoryFolders(projects: string, roots: GitRoots): string[] {
  const names = repositoryFolderNames(roots);
  return sortedEntries(projects)
    .filter((entry) => names.some((name) => entry === name || entry.startsWith(`${name}-`)))
    .map((entry) => join(projects, entry));
}

/**
 * The other agents' sessions (Codex, Gemini CLI, OpenCode, Copilot CLI) that ran in this repository's
 * worktree or main checkout, found in each agent's own place as the environment moves it.
 */
export function defaultOtherAgentSessions(env: NodeJS.ProcessEnv, roots: GitRoots | undefined): string[] {
  return roots ? otherAgentSessionsIn(env, [roots.worktree, roots.mainCheckout]) : [];
}

/**
 * Claude Code's project folders for this repository in every configured config folder
 * (`CLAUDE_CONFIG_DIR`, else `~/.claude`).
 */
export function defaultSessionDirs(env: NodeJS.ProcessEnv, roots: GitRoots | undefined): string[] {
  if (!roots) return [];
  return claudeConfigDirs(env).flatMap((config) => repositoryFolders(join(config, 'projects'), roots));
}

/** A folder of project folders (`~/.claude/projects`, or `~/.claude` itself): it holds folders, not sessions. */
function projectsRootOf(dir: string): string | undefined {
  if (isDirectory(join(dir, 'projects')) && listSessionFiles(dir).length === 0) return join(dir, 'projects');
  const entries = sortedEntries(dir);
  if (entries.some((name) => name.endsWith('.jsonl'))) return undefined;
  const folders = entries.filter((name) => isDirectory(join(dir, name)));
  const projectLike = folders.filter((name) => listSessionFiles(join(dir, name)).length > 0);
  return projectLike.length > 0 && projectLike.length >= folders.length / 2 ? dir : undefined;
}

/**
 * Resolves `--sessions` arguments: a session file, a folder of session files (a Claude Code project
 * folder), or a projects root, in which this repository's folders are found by name; when none is named
 * after this checkout (the sessions ran in a copy elsewhere), those named after its last folder, and when
 * none is, all of them.
 */
export function resolveSessionSources(
  args: readonly string[],
  cwd: string,
  roots: GitRoots | undefined,
): SessionSources {
  const sources: SessionSources = { files: [], notes: [], warnings: [] };
  for (const arg of args) {
    const path = resolve(cwd, arg);
    if (!existsSync(path)) {
      throw new InputError(`session source ${arg}: no such file or folder`, {
        code: 'E_SESSIONS_NOT_FOUND',
        fields: { source: arg },
      });
    }
    if (!isDirectory(path)) {
      sources.files.push(path);
      continue;
    }
    const projects = projectsRootOf(path);
    if (projects === undefined) {
      const listed = listSessionFiles(path);
      // Not a Claude Code project folder: another agent's home or sessions folder (Codex, Gemini CLI, …),
      // read by that agent's layout (its prompt history and indexes are not sessions).
      const files =
        listed.length > 0 && listed.every(isClaudeSession)
          ? listed
          : discoverSessions([{ path }]).sources.map((source) => source.path);
      if (files.length === 0) sources.warnings.push(`no session files in ${path}`);
      pushAll(sources.files, files);
      continue;
    }
    let folders = roots ? repositoryFolders(projects, roots) : [];
    if (folders.length === 0 && roots) {
      const tail = `-${projectFolderName(basename(roots.worktree))}`;
      folders = sortedEntries(projects)
        .filter((entry) => entry.endsWith(tail) || entry.includes(`${tail}-`))
        .map((entry) => join(projects, entry));
      if (folders.length > 0)
        sources.notes.push(
          `No project folder in ${projects} is named after this checkout; read ${folders.map((f) => basename(f)).join(', ')} (named after its folder ${basename(roots.worktree)}).`,
        );
    }
    if (folders.length === 0) {
      // The sessions may have run in a checkout of another name: read them all, and let the content decide
      // (a hunk links only where a session wrote that path and most of its lines).
      folders = sortedEntries(projects)
        .map((entry) => join(projects, entry))
        .filter((folder) => listSessionFiles(folder).length > 0);
      const looked = roots ? repositoryFolderNames(roots).join(' or ') : 'a repository';
      if (folders.length > 0)
        sources.notes.push(
          `No project folder in ${projects} is named after this checkout (${looked}); read all ${folders.length} of them.`,
        );
      else
        sources.warnings.push(`no project folder for this repository in ${projects} (looked for ${looked})`);
    }
    pushAll(sources.files, folders.flatMap(listSessionFiles));
  }
  sources.files = [...new Set(sources.files)];
  return sources;
}
