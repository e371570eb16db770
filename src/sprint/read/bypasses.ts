import { parse as parseYaml } from 'yaml';
import { readProjectTextIfExists } from '../../fsx/index.js';
import { LIFECYCLE_OVERRIDES_PATH } from './paths.js';

export interface Bypass {
  skill: string;
  reason: string;
  recorded_by: string;
  recorded_at: string;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The lifecycle gate bypasses of a sprint from `.gaia/state/lifecycle-overrides.yaml` (a list, or one
 * under `overrides`, `bypasses` or `entries`). A missing or unreadable file means none; never written.
 */
export function readBypasses(root: string, sprintId: string): { bypasses: Bypass[]; warning?: string } {
  const raw = readProjectTextIfExists(root, LIFECYCLE_OVERRIDES_PATH);
  if (raw === undefined) return { bypasses: [] };
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (error) {
    return {
      bypasses: [],
      warning: `${LIFECYCLE_OVERRIDES_PATH} is not valid YAML (${(error as Error).message.split('\n')[0]})`,
    };
  }
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const list = Array.isArray(data) ? data : (record.overrides ?? record.bypasses ?? record.entries ?? []);
  const entries = (Array.isArray(list) ? list : []) as Record<string, unknown>[];
  return {
    bypasses: entries
      .filter((e) => e && text(e.sprint_id ?? e.sprint) === sprintId)
      .map((e) => ({
        skill: text(e.skill),
        reason: text(e.reason),
        recorded_by: text(e.recorded_by),
        recorded_at: text(e.recorded_at),
      })),
  };
}

export function renderBypasses(bypasses: Bypass[], sprintId: string): string[] {
  if (bypasses.length === 0) return [`No bypasses recorded for ${sprintId}.`];
  return bypasses.map(
    (b) => `- **${b.skill}** — ${b.reason} (recorded by ${b.recorded_by} at ${b.recorded_at})`,
  );
}
