import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '../fsx/atomic.js';
import { withLock } from '../fsx/lock.js';
import { ensureInsideProject } from '../fsx/project.js';
import { dataDir } from '../paths/data-dir.js';
import { unifiedDiff } from './diff.js';
import { formatSettings, readSettingsFile } from './settings-file.js';
import { installFrictionHooks, type MergeOutcome, removeFrictionHooks } from './settings-merge.js';

export interface HookSettingsOptions {
  /** The Claude Code settings file to change (`.claude/settings.json` or `~/.claude/settings.json`). */
  settingsPath: string;
  /** For a project's settings: the project, which the settings file must not lead out of. */
  projectRoot?: string;
  /** The hook command to install (ignored when removing). */
  command: string;
  remove?: boolean;
  /** Compute the change and its diff, write nothing. */
  dryRun?: boolean;
  /** Where the copy of the previous file goes (default `<data dir>/backups`): never inside the project. */
  backupDir?: string;
  now?: Date;
  /** The change to make instead of the friction hooks (a guard hook, say). */
  merge?: (settings: Record<string, unknown>) => MergeOutcome;
}

export interface HookSettingsResult {
  settingsPath: string;
  status: 'changed' | 'unchanged' | 'preview';
  added: string[];
  updated: string[];
  removed: string[];
  /** Unified diff of the change ('' when nothing changes). */
  diff: string;
  /** Copy of the previous file, when one was written. */
  backupPath?: string;
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/**
 * `<backup dir>/-home-ada-shop--claude-settings-json.20261129T170512Z.bak` (the settings path spelled as
 * Claude Code spells project folders); never overwrites an earlier backup.
 */
function freeBackupPath(path: string, backupDir: string, now: Date): string {
  const base = join(backupDir, `${resolve(path).replace(/[^A-Za-z0-9]/g, '-')}.${stamp(now)}`);
  let candidate = `${base}.bak`;
  for (let n = 2; existsSync(candidate); n++) candidate = `${base}-${n}.bak`;
  return candidate;
}

function plan(options: HookSettingsOptions) {
  const current = readSettingsFile(options.settingsPath);
  const outcome: MergeOutcome = options.merge
    ? options.merge(current.settings)
    : options.remove
      ? removeFrictionHooks(current.settings)
      : installFrictionHooks(current.settings, options.command);
  const changes = outcome.added.length + outcome.updated.length + outcome.removed.length;
  // Without a change of ours the file is not rewritten, even if its formatting differs from ours.
  const next = changes === 0 ? current.text : formatSettings(outcome.settings, current.indent);
  const diff = unifiedDiff(current.text ?? '', next ?? '', options.settingsPath, options.settingsPath);
  return { current, outcome, next, diff, changes };
}

/**
 * Installs (or with `remove`, takes out) the friction-capture hooks in a Claude Code settings file, leaving
 * other settings and hooks as they were. Idempotent: a second run changes nothing. Before a change the
 * previous file is copied to a timestamped `.bak` in `backupDir`, outside the project, where a backup
 * would be one more file to commit or ignore; the write is atomic and verified.
 */
export async function applyHookSettings(options: HookSettingsOptions): Promise<HookSettingsResult> {
  const { settingsPath } = options;
  if (options.projectRoot !== undefined) ensureInsideProject(options.projectRoot, settingsPath);
  if (options.dryRun) {
    const { outcome, diff, changes } = plan(options);
    const { added, updated, removed } = outcome;
    return { settingsPath, status: changes === 0 ? 'unchanged' : 'preview', added, updated, removed, diff };
  }
  mkdirSync(dirname(settingsPath), { recursive: true });
  return withLock(settingsPath, () => {
    const { current, outcome, next, diff, changes } = plan(options);
    const { added, updated, removed } = outcome;
    if (changes === 0 || next === undefined) {
      return { settingsPath, status: 'unchanged', added, updated, removed, diff: '' };
    }
    let backupPath: string | undefined;
    if (current.text !== undefined) {
      const backupDir = options.backupDir ?? join(dataDir(), 'backups');
      mkdirSync(backupDir, { recursive: true });
      backupPath = freeBackupPath(settingsPath, backupDir, options.now ?? new Date());
      writeFileAtomic(backupPath, current.text, { mode: current.mode });
    }
    writeFileAtomic(settingsPath, next, { mode: current.mode });
    return { settingsPath, status: 'changed', added, updated, removed, diff, backupPath };
  });
}
