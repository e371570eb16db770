import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../errors/errors.js';
import { findGitRoots } from '../git/roots.js';
import { claudeConfigDirs } from '../paths/data-dir.js';

export interface SettingsTargetOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The user's own settings instead of a project's. */
  user?: boolean | undefined;
  /** The project folder (relative to cwd); default: the git worktree around cwd, else cwd. */
  project?: string | undefined;
}

export interface SettingsTarget {
  /** The project the hooks are installed for; undefined for the user's settings. */
  projectRoot: string | undefined;
  settingsPath: string;
}

function projectRootOf(cwd: string, dir: string | undefined): string {
  if (dir === undefined) return findGitRoots(cwd)?.worktree ?? cwd;
  const root = resolve(cwd, dir);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new InputError(`project ${dir}: not a directory`, {
      code: 'E_PROJECT_NOT_A_FOLDER',
      fields: { project: dir },
    });
  }
  return root;
}

/**
 * The Claude Code settings file the hooks go in: `<project>/.claude/settings.json`, or for the user
 * `settings.json` in the first Claude Code config folder. A named project must be an existing folder.
 */
export function hookSettingsTarget(options: SettingsTargetOptions): SettingsTarget {
  const projectRoot = options.user ? undefined : projectRootOf(options.cwd, options.project);
  const settingsPath =
    projectRoot === undefined
      ? join(claudeConfigDirs(options.env)[0] ?? '', 'settings.json')
      : join(projectRoot, '.claude', 'settings.json');
  return { projectRoot, settingsPath };
}
