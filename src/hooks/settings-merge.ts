import { FRICTION_HOOK_EVENTS, isFrictionCaptureCommand } from './hook-entries.js';

type Json = Record<string, unknown>;

export interface MergeOutcome {
  /** A new settings object; the input is never modified. */
  settings: Json;
  added: string[];
  updated: string[];
  removed: string[];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hookListOf(group: unknown): unknown[] | undefined {
  return isObject(group) && Array.isArray(group.hooks) ? group.hooks : undefined;
}

function isOurs(entry: unknown): boolean {
  return isObject(entry) && entry.type === 'command' && isFrictionCaptureCommand(entry.command);
}

/** The commands of our friction-capture entries in a settings object, in file order. */
export function frictionHookCommands(settings: Json): string[] {
  if (!isObject(settings.hooks)) return [];
  return Object.values(settings.hooks).flatMap((groups) =>
    (Array.isArray(groups) ? groups : []).flatMap((group) =>
      (hookListOf(group) ?? []).filter(isOurs).map((entry) => String((entry as Json).command)),
    ),
  );
}

/**
 * Adds the friction-capture hook for each friction event, leaving every other key, event and hook in place
 * and in order. An existing entry of ours keeps its position; its command is updated when it differs (the
 * package moved). Settings are assumed validated (an object, `hooks` an object of arrays).
 */
export function installFrictionHooks(original: Json, command: string): MergeOutcome {
  const settings = structuredClone(original);
  const outcome: MergeOutcome = { settings, added: [], updated: [], removed: [] };
  if (!isObject(settings.hooks)) settings.hooks = {};
  const hooks = settings.hooks as Json;
  for (const event of FRICTION_HOOK_EVENTS) {
    if (!Array.isArray(hooks[event])) hooks[event] = [];
    const groups = hooks[event] as unknown[];
    const ours = groups.flatMap((group) => (hookListOf(group) ?? []).filter(isOurs)) as Json[];
    if (ours.length === 0) {
      groups.push({ matcher: '*', hooks: [{ type: 'command', command }] });
      outcome.added.push(event);
      continue;
    }
    if (ours.some((entry) => entry.command !== command)) {
      for (const entry of ours) entry.command = command;
      outcome.updated.push(event);
    }
  }
  return outcome;
}

/**
 * Takes our hook out of every event, then drops the matcher groups, event arrays and the `hooks` object that
 * became empty because of it; containers that were empty before are left alone.
 */
export function removeFrictionHooks(original: Json): MergeOutcome {
  const settings = structuredClone(original);
  const outcome: MergeOutcome = { settings, added: [], updated: [], removed: [] };
  const hooks = settings.hooks;
  if (!isObject(hooks)) return outcome;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    let touched = false;
    const kept = groups.filter((group) => {
      const list = hookListOf(group);
      if (!list?.some(isOurs)) return true;
      touched = true;
      const rest = list.filter((entry) => !isOurs(entry));
      (group as Json).hooks = rest;
      return rest.length > 0;
    });
    if (!touched) continue;
    outcome.removed.push(event);
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (outcome.removed.length > 0 && Object.keys(hooks).length === 0) delete settings.hooks;
  return outcome;
}
