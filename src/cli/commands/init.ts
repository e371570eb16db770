import { join } from 'node:path';
import { gitOutput } from '../../git/safe-git.js';
import { hookCommand, isPortableHookCommand, retrospectOnPath } from '../../hooks/hook-command.js';
import type { HookSettingsResult } from '../../hooks/init.js';
import { initFrictionHooks } from '../../hooks/init-project.js';
import { hookSettingsTarget } from '../../hooks/settings-target.js';
import { dataDir } from '../../paths/data-dir.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CliIo, println, writeText } from '../io.js';
import { guardKind, installGuard } from './init/guard.js';
import { wireLessons } from './init/lessons.js';
import { SPEC } from './init/spec.js';

function describe(result: HookSettingsResult, removing: boolean): string[] {
  const path = result.settingsPath;
  if (result.status === 'unchanged') {
    const state = removing ? 'no friction-capture hooks in' : 'friction-capture hooks already installed in';
    return [`${state} ${path}; nothing changed`];
  }
  return [
    result.added.length > 0 && `added friction-capture hooks (${result.added.join(', ')}) to ${path}`,
    result.updated.length > 0 && `updated the hook command (${result.updated.join(', ')}) in ${path}`,
    result.removed.length > 0 && `removed friction-capture hooks (${result.removed.join(', ')}) from ${path}`,
    result.backupPath && `previous settings saved as ${result.backupPath}`,
  ].filter((line): line is string => typeof line === 'string');
}

/** What the user should know about a command that names this machine's path. */
function localNotes(command: string, localPath: string, root: string): string[] {
  if (isPortableHookCommand(command)) return [];
  const ignored = gitOutput(['check-ignore', '-q', localPath], root) !== undefined;
  return [
    `the command names this machine's path, so it went to ${localPath}; with retrospect on PATH (npm link) init writes a portable 'retrospect hook …' for the team`,
    ...(ignored
      ? []
      : [`note: git does not ignore ${localPath}; add .claude/settings.local.json to .gitignore`]),
  ];
}

/** `retrospect init`: installs (or removes) the friction-capture hook in Claude Code's settings. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, SPEC);
  if (values.user && values.project !== undefined)
    throw usageError(SPEC, '--user and --project exclude each other');
  const target = hookSettingsTarget({ cwd: io.cwd, env: io.env, user: values.user, project: values.project });
  const { projectRoot } = target;
  const onPath = retrospectOnPath(io.env);
  const removing = values.remove === true;
  const backupDir = join(dataDir(io.env), 'backups');
  if (values.guard !== undefined) {
    const kind = guardKind(values.guard);
    const guardCommand = hookCommand(`guard ${kind}`, { projectRoot, launcher: values.launcher, onPath });
    const flags = { remove: removing, dryRun: values['dry-run'] === true, backupDir };
    return installGuard(io, kind, target, guardCommand, flags);
  }
  const command = hookCommand('friction-capture', { projectRoot, launcher: values.launcher, onPath });
  const results = await initFrictionHooks({
    target,
    command,
    remove: removing,
    dryRun: values['dry-run'],
    backupDir,
  });
  for (const result of results) {
    if (result.status === 'preview') writeText(io.stdout, result.diff);
    else for (const line of describe(result, removing)) println(io.stdout, line);
  }
  const installed = results.find((r) => r.added.length + r.updated.length > 0 && r.status === 'changed');
  if (installed) println(io.stdout, `hook command: ${command}`);
  if (installed && projectRoot !== undefined && !removing)
    for (const line of localNotes(command, installed.settingsPath, projectRoot)) println(io.stderr, line);
  if (projectRoot !== undefined)
    wireLessons(projectRoot, io, { remove: removing, dryRun: values['dry-run'] === true });
  return 0;
}
