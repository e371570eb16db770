import type { GuardKind } from '../../trial/evidence/guard-kinds.js';
import type { MergeOutcome } from '../settings-merge.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Our guard's command, whatever launches the binary (as for the friction hook, see hook-entries.ts). */
function isGuardCommand(command: unknown, kind: string): boolean {
  return (
    typeof command === 'string' &&
    new RegExp(`retro(?:spect)?(?:\\.js)?['"]?\\s+hook\\s+guard\\s+${kind}\\s*$`).test(command)
  );
}

function ours(group: unknown, kind: string): Json[] {
  if (!isObject(group) || !Array.isArray(group.hooks)) return [];
  return group.hooks.filter(
    (h): h is Json => isObject(h) && h.type === 'command' && isGuardCommand(h.command, kind),
  );
}

/**
 * Adds the guard under its event (with its tool matcher), leaving every other setting and hook as it was;
 * a guard already there keeps its place and gets the new command when the package moved.
 */
export function installGuardHook(original: Json, guard: GuardKind, command: string): MergeOutcome {
  const settings = structuredClone(original);
  const outcome: MergeOutcome = { settings, added: [], updated: [], removed: [] };
  if (!isObject(settings.hooks)) settings.hooks = {};
  const hooks = settings.hooks as Json;
  if (!Array.isArray(hooks[guard.event])) hooks[guard.event] = [];
  const groups = hooks[guard.event] as unknown[];
  const found = groups.flatMap((g) => ours(g, guard.kind));
  if (found.length === 0) {
    const entry = { type: 'command', command };
    groups.push(
      guard.matcher === undefined ? { hooks: [entry] } : { matcher: guard.matcher, hooks: [entry] },
    );
    outcome.added.push(guard.event);
  } else if (found.some((h) => h.command !== command)) {
    for (const h of found) h.command = command;
    outcome.updated.push(guard.event);
  }
  return outcome;
}

/** Takes the guard out again, with the groups and event lists that only held it. */
export function removeGuardHook(original: Json, guard: GuardKind): MergeOutcome {
  const settings = structuredClone(original);
  const outcome: MergeOutcome = { settings, added: [], updated: [], removed: [] };
  const hooks = settings.hooks;
  if (!isObject(hooks) || !Array.isArray(hooks[guard.event])) return outcome;
  const groups = hooks[guard.event] as unknown[];
  const kept = groups.flatMap((group) => {
    const mine = ours(group, guard.kind);
    if (mine.length === 0 || !isObject(group) || !Array.isArray(group.hooks)) return [group];
    const rest = group.hooks.filter((h) => !mine.includes(h as Json));
    return rest.length === 0 ? [] : [{ ...group, hooks: rest }];
  });
  if (kept.length === groups.length && kept.every((g, i) => g === groups[i])) return outcome;
  outcome.removed.push(guard.event);
  if (kept.length === 0) delete hooks[guard.event];
  else hooks[guard.event] = kept;
  if (Object.keys(hooks).length === 0) delete settings.hooks;
  return outcome;
}
