import { InputError } from '../../errors/errors.js';
import { type ActionItem, readActionItems, readBoardActionItems } from '../read/action-items.js';
import { readAdversarialFindings } from '../read/adversarial.js';
import { ACTION_ITEMS_PATH } from '../read/paths.js';
import { listBoardRetros, listPriorRetros } from '../read/retro-files.js';
import { canonicalThemeKey, themeKey } from './theme-key.js';

interface ThemeOccurrence {
  sprintId: string;
  hash: string;
  text: string;
  /** Where it was seen (a retro, the action items store, an adversarial report). */
  source: string;
}

export interface SystemicTheme {
  theme_hash: string;
  text: string;
  sprints: string[];
}

export interface ThemeScan {
  occurrences: ThemeOccurrence[];
  themes: SystemicTheme[];
  warnings: string[];
}

/** The item text of a retro bullet `text. Owner: X. Target: Y.` (the separating period dropped). */
export function bulletItemText(bullet: string): string {
  const cut = /\.\s+(?:Owner|Target):/.exec(bullet);
  return cut ? bullet.slice(0, cut.index) : bullet;
}

function loadItems(root: string, warnings: string[], quietWhenMissing: boolean): ActionItem[] {
  try {
    const file = readActionItems(root);
    if (!file && !quietWhenMissing)
      warnings.push(`${ACTION_ITEMS_PATH} is missing: AI-n references cannot be resolved`);
    return file?.items ?? [];
  } catch (error) {
    if (error instanceof InputError) {
      warnings.push(`${error.message} — AI-n references cannot be resolved`);
      return [];
    }
    throw error;
  }
}

/**
 * Themes of prior retros (action item bullets, `AI-n` references resolved through the store), of this
 * sprint's stored action items and of adversarial review findings; those seen in two or more distinct
 * sprints are systemic (docs/design/sprint-retro.md §4). Read-only.
 */
export function scanThemes(root: string, currentSprint: string, board?: BoardPlaces): ThemeScan {
  const warnings: string[] = [];
  const items = loadItems(root, warnings, board !== undefined);
  const occurrences: ThemeOccurrence[] = [];
  const retros = board
    ? [...listPriorRetros(root), ...listBoardRetros(root, board.folders)]
    : listPriorRetros(root);
  if (retros.length === 0) warnings.push('no prior retrospectives found');
  for (const retro of retros) {
    if (!retro.sprintId) {
      warnings.push(`${retro.path}: no sprint id in front matter or file name; skipped`);
      continue;
    }
    for (const bullet of retro.bullets) {
      const ref = /^(AI-\d+(?:-\d+)*)(?![\w-])/.exec(bullet)?.[1];
      if (ref) {
        const item = items.find((i) => i.id === ref);
        if (!item && items.length === 0 && board)
          warnings.push(`${ACTION_ITEMS_PATH} is missing: AI-n references cannot be resolved`);
        if (!item) {
          warnings.push(`${retro.path}: orphan reference ${ref} (no such action item); skipped`);
          continue;
        }
        occurrences.push({
          sprintId: retro.sprintId,
          hash: storedKey(item),
          text: item.text,
          source: retro.path,
        });
        continue;
      }
      const text = bulletItemText(bullet);
      occurrences.push({ sprintId: retro.sprintId, hash: themeKey(text), text, source: retro.path });
    }
  }
  for (const item of items.filter((i) => i.sprint_id === currentSprint)) {
    occurrences.push({
      sprintId: currentSprint,
      hash: storedKey(item),
      text: item.text,
      source: `${ACTION_ITEMS_PATH}#${item.id}`,
    });
  }
  if (board) occurrences.push(...boardItemOccurrences(root, board, warnings));
  for (const report of readAdversarialFindings(root)) {
    if (!report.sprintId) {
      warnings.push(`${report.path}: no sprint_id (${report.source}); its findings are not attributed`);
      continue;
    }
    for (const title of report.titles) {
      occurrences.push({
        sprintId: report.sprintId,
        hash: themeKey(title),
        text: title,
        source: report.path,
      });
    }
  }
  return { occurrences, themes: systemicThemes(occurrences), warnings };
}

/** Where a board keeps its retros and action items (the layout's folders). */
interface BoardPlaces {
  folders: readonly string[];
}

/** Items of the team's own action items file: each is an occurrence of its theme in the retro that raised it. */
function boardItemOccurrences(root: string, board: BoardPlaces, warnings: string[]): ThemeOccurrence[] {
  try {
    return readBoardActionItems(root, board.folders).flatMap((file) =>
      file.items.flatMap((item) =>
        item.sprint_id && item.text.trim() !== ''
          ? [
              {
                sprintId: item.sprint_id,
                hash: storedKey(item),
                text: item.text,
                source: `${file.path}#${item.id}`,
              },
            ]
          : [],
      ),
    );
  } catch (error) {
    if (error instanceof InputError) {
      warnings.push(`${error.message} — its action items are not part of the themes`);
      return [];
    }
    throw error;
  }
}

/** An item's key as the action-items file stores it (docs/design/sprint-retro.md §4): its `theme_hash` when present, else the key of its text. */
function storedKey(item: ActionItem): string {
  return item.theme_hash ? canonicalThemeKey(item.theme_hash) : themeKey(item.text);
}

/** Occurrences grouped by theme key (in its one canonical spelling); two or more sprints make it systemic. */
function systemicThemes(occurrences: ThemeOccurrence[]): SystemicTheme[] {
  const byHash = new Map<string, { text: string; sprints: Set<string> }>();
  for (const o of occurrences) {
    const key = canonicalThemeKey(o.hash);
    const entry = byHash.get(key) ?? { text: o.text, sprints: new Set<string>() };
    entry.sprints.add(o.sprintId);
    byHash.set(key, entry);
  }
  return [...byHash.entries()]
    .filter(([, e]) => e.sprints.size >= 2)
    .map(([hash, e]) => ({
      theme_hash: hash,
      text: e.text,
      sprints: [...e.sprints].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    }));
}
