import { writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What the tool's own folder says to git: ignore everything here, this file included. */
export const RETRO_DIR_GITIGNORE =
  '# Created by Retrospect: its ledger, anchors and reports stay local.\n*\n';

/** Whether `folder` is a project's `.claude/retro`, the folder of the tool's local state. */
export function isRetroDir(folder: string): boolean {
  return basename(folder) === 'retro' && basename(dirname(folder)) === '.claude';
}

/**
 * Called right after `folder` was created. When it is `.claude/retro`, puts a `.gitignore` of `*` inside,
 * the way caches and virtualenvs ignore themselves: the ledger, anchors and reports are local state (the
 * deep read's anchors are "gitignored under .claude/retro/"), and the user's own root `.gitignore` is never
 * edited. Only a folder the tool made gets one: a `.claude/retro` that already existed was set up by the
 * team, perhaps to commit it. Exclusive create: an existing file is kept as it is.
 */
export function ignoreNewRetroDir(folder: string): void {
  if (!isRetroDir(folder)) return;
  try {
    writeFileSync(join(folder, '.gitignore'), RETRO_DIR_GITIGNORE, { flag: 'wx' });
  } catch (error) {
    // Someone wrote one first: theirs stays.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
