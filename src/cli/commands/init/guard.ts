import { UsageError } from '../../../errors/errors.js';
import { installGuardHook, removeGuardHook } from '../../../hooks/guards/settings.js';
import { applyHookSettings } from '../../../hooks/init.js';
import type { SettingsTarget } from '../../../hooks/settings-target.js';
import { GUARD_KINDS, isGuardKind } from '../../../trial/evidence/guard-kinds.js';
import type { Mechanism } from '../../../trial/evidence/mechanical.js';
import { type CliIo, println, writeText } from '../../io.js';

/** `--guard KIND`, checked against the guards there are. */
export function guardKind(text: string): Mechanism {
  if (!isGuardKind(text))
    throw new UsageError(`--guard must be one of ${Object.keys(GUARD_KINDS).join(', ')}, got '${text}'`);
  return text;
}

/** `init --guard KIND`: adds (or takes out) one guard hook, as `init` does the friction hooks. */
export async function installGuard(
  io: CliIo,
  kind: Mechanism,
  target: SettingsTarget,
  command: string,
  flags: { remove: boolean; dryRun: boolean; backupDir: string },
): Promise<number> {
  const guard = GUARD_KINDS[kind];
  const { settingsPath, projectRoot } = target;
  const result = await applyHookSettings({
    settingsPath,
    ...(projectRoot === undefined ? {} : { projectRoot }),
    command,
    dryRun: flags.dryRun,
    backupDir: flags.backupDir,
    merge: (settings) =>
      flags.remove ? removeGuardHook(settings, guard) : installGuardHook(settings, guard, command),
  });
  if (result.status === 'preview') writeText(io.stdout, result.diff);
  else if (result.status === 'unchanged')
    println(
      io.stdout,
      `guard ${kind} ${flags.remove ? 'not in' : 'already in'} ${settingsPath}; nothing changed`,
    );
  else {
    const verb = flags.remove ? 'removed' : result.added.length > 0 ? 'added' : 'updated';
    println(
      io.stdout,
      `${verb} the ${kind} guard (${guard.event}) in ${settingsPath}: it ${guard.description}`,
    );
    if (!flags.remove) println(io.stdout, `hook command: ${command}`);
    if (result.backupPath) println(io.stdout, `previous settings saved as ${result.backupPath}`);
  }
  return 0;
}
