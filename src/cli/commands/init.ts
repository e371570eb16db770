import { UsageError } from '../../errors/errors.js';
import { hookCommand } from '../../hooks/hook-command.js';
import { applyHookSettings, type HookSettingsResult } from '../../hooks/init.js';
import { hookSettingsTarget } from '../../hooks/settings-target.js';
import { parseCommandArgs } from '../args.js';
import { type CliIo, println, writeText } from '../io.js';
import { wireLessons } from './init/lessons.js';

const USAGE = 'retrospect init [--project DIR | --user] [--dry-run] [--remove] [--launcher CMD]';

const OPTIONS = {
  project: { type: 'string' },
  user: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  remove: { type: 'boolean' },
  launcher: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const HELP = `usage: ${USAGE}

Installs the friction-capture hook (PostToolUseFailure, PermissionDenied, StopFailure) in Claude Code's
settings: <project>/.claude/settings.json (default project: the repository you are in), or with --user
~/.claude/settings.json. Other settings and hooks are kept; the previous file is backed up beside it.
For a project it also wires the lessons into what Claude Code loads: .claude/rules/retrospect-lessons.md,
with the lessons of .claude/memory/claude/lessons.md moved into it (--remove moves them back).

  --dry-run        print the change as a diff, write nothing
  --remove         take our hooks out again
  --launcher CMD   how Claude Code starts retrospect (default: node <installed bin>), e.g. 'npx retrospect'`;

function report(io: CliIo, result: HookSettingsResult, command: string, removing: boolean): void {
  const path = result.settingsPath;
  if (result.status === 'preview') {
    writeText(io.stdout, result.diff);
    return;
  }
  if (result.status === 'unchanged') {
    const state = removing ? 'no friction-capture hooks in' : 'friction-capture hooks already installed in';
    println(io.stdout, `${state} ${path}; nothing changed`);
    return;
  }
  const lines = [
    result.added.length > 0 && `added friction-capture hooks (${result.added.join(', ')}) to ${path}`,
    result.updated.length > 0 && `updated the hook command (${result.updated.join(', ')}) in ${path}`,
    result.removed.length > 0 && `removed friction-capture hooks (${result.removed.join(', ')}) from ${path}`,
    result.added.length + result.updated.length > 0 && `hook command: ${command}`,
    result.backupPath && `previous settings saved as ${result.backupPath}`,
  ];
  for (const line of lines) if (line) println(io.stdout, line);
}

/** `retrospect init`: installs (or removes) the friction-capture hook in Claude Code's settings. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, OPTIONS, USAGE);
  if (values.help) {
    println(io.stdout, HELP);
    return 0;
  }
  if (values.user && values.project !== undefined)
    throw new UsageError(`--user and --project exclude each other\nusage: ${USAGE}`);
  const { projectRoot, settingsPath } = hookSettingsTarget({
    cwd: io.cwd,
    env: io.env,
    user: values.user,
    project: values.project,
  });
  const command = hookCommand('friction-capture', { projectRoot, launcher: values.launcher });
  const result = await applyHookSettings({
    settingsPath,
    ...(values.user ? {} : { projectRoot }),
    command,
    remove: values.remove === true,
    dryRun: values['dry-run'] === true,
  });
  report(io, result, command, values.remove === true);
  if (projectRoot !== undefined) {
    wireLessons(projectRoot, io, { remove: values.remove === true, dryRun: values['dry-run'] === true });
  }
  return 0;
}
