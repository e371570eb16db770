import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isPortableHookCommand } from './hook-command.js';
import { applyHookSettings, type HookSettingsResult } from './init.js';
import { readSettingsFile } from './settings-file.js';
import { frictionHookCommands } from './settings-merge.js';
import type { SettingsTarget } from './settings-target.js';

export interface InitHooksOptions {
  target: SettingsTarget;
  /** The hook command to install (ignored when removing). */
  command: string;
  remove?: boolean;
  dryRun?: boolean;
  backupDir?: string;
  now?: Date;
}

/** `.claude/settings.local.json` beside a project's `.claude/settings.json`: this machine's settings only. */
function localSettingsPath(sharedPath: string): string {
  return join(dirname(sharedPath), 'settings.local.json');
}

const oursIn = (path: string): string[] =>
  existsSync(path) ? frictionHookCommands(readSettingsFile(path).settings) : [];

/**
 * Installs or removes the friction-capture hooks for a project so that the committed settings stay
 * portable: a command that works on any machine goes in `.claude/settings.json`, one that names this
 * machine's path in `.claude/settings.local.json`, which is not committed. Claude Code runs the hooks of
 * both files, so ours are kept in one of them only: an entry left in the other is taken out, except that a
 * portable entry a teammate committed is kept rather than shadowed by a local one. User settings are one
 * file. Returns what happened to each file touched.
 */
export async function initFrictionHooks(options: InitHooksOptions): Promise<HookSettingsResult[]> {
  const { target, command, ...rest } = options;
  const apply = (settingsPath: string, remove: boolean) =>
    applyHookSettings({
      ...rest,
      settingsPath,
      command,
      remove,
      ...(target.projectRoot === undefined ? {} : { projectRoot: target.projectRoot }),
    });
  const shared = target.settingsPath;
  if (target.projectRoot === undefined) return [await apply(shared, options.remove === true)];
  const local = localSettingsPath(shared);
  if (options.remove) {
    const present = [shared, local].filter((path) => oursIn(path).length > 0);
    return Promise.all((present.length > 0 ? present : [shared]).map((path) => apply(path, true)));
  }
  if (isPortableHookCommand(command)) {
    const results = [await apply(shared, false)];
    if (oursIn(local).length > 0) results.push(await apply(local, true));
    return results;
  }
  const committed = oursIn(shared);
  if (committed.length > 0 && committed.every(isPortableHookCommand))
    return [{ settingsPath: shared, status: 'unchanged', added: [], updated: [], removed: [], diff: '' }];
  const results = committed.length > 0 ? [await apply(shared, true)] : [];
  results.push(await apply(local, false));
  return results;
}
