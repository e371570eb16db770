import { join } from 'node:path';
import { readRegularText } from '../fsx/read-regular.js';
import type { SessionStorePort } from '../store/port.js';

/** Claude Code deletes transcripts older than this many days unless settings.json says otherwise. */
export const DEFAULT_CLEANUP_PERIOD_DAYS = 30;
const WARNED_KEY = 'warned.cleanupPeriodDays';

/**
 * The configured retention of one Claude config folder; undefined when the setting is absent. zod is
 * loaded only here, when the one-time check runs, so that a routine scan does not pay for it.
 */
export async function cleanupPeriodDays(configDir: string): Promise<number | undefined | 'unreadable'> {
  let text: string;
  try {
    text = readRegularText(join(configDir, 'settings.json'));
  } catch {
    return undefined;
  }
  const { z } = await import('zod');
  const settingsSchema = z.looseObject({ cleanupPeriodDays: z.number().optional() });
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.cleanupPeriodDays : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/**
 * The one-time warning that transcripts will vanish after 30 days, when a config folder leaves
 * `cleanupPeriodDays` unset. Remembered in the store, so it is shown once, not on every scan.
 */
export async function cleanupWarningOnce(
  configDirs: string[],
  store: SessionStorePort,
): Promise<string | undefined> {
  if ((await store.getMeta(WARNED_KEY)) !== undefined) return undefined;
  const periods = await Promise.all(configDirs.map(cleanupPeriodDays));
  const unset = configDirs.filter((_dir, i) => periods[i] === undefined);
  if (unset.length === 0) return undefined;
  await store.setMeta(WARNED_KEY, new Date().toISOString());
  const where = unset.map((dir) => join(dir, 'settings.json')).join(', ');
  return (
    `note: Claude Code deletes transcripts after ${DEFAULT_CLEANUP_PERIOD_DAYS} days (cleanupPeriodDays is not set in ${where}). ` +
    'The store keeps the verdicts of deleted sessions, but deep reads need the transcripts: set e.g. ' +
    '"cleanupPeriodDays": 365 there to keep them longer. (Shown once.)'
  );
}
