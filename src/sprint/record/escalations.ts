import { closeSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openForAppendSync } from '../../fsx/append-open.js';
import { ensureInsideProject, makeDirsSync, readProjectTextIfExists } from '../../fsx/index.js';
import { itemHasTheme } from '../facts/theme-key.js';
import type { SystemicTheme } from '../facts/themes.js';
import { editActionItems } from './action-items.js';

export const ESCALATION_LEDGER_PATH = '.gaia/state/action-items.escalations.jsonl';

export interface Escalation {
  theme_hash: string;
  outcome: 'escalated' | 'already_applied' | 'no_open_item';
  item_id?: string;
  escalation_count?: number;
}

function appliedPairs(root: string): Set<string> {
  const pairs = new Set<string>();
  for (const line of (readProjectTextIfExists(root, ESCALATION_LEDGER_PATH) ?? '').split('\n')) {
    try {
      const row = JSON.parse(line) as { sprint_id?: string; theme_hash?: string };
      if (row.sprint_id && row.theme_hash) pairs.add(`${row.sprint_id}\n${row.theme_hash}`);
    } catch {
      // Blank or torn line.
    }
  }
  return pairs;
}

/**
 * Escalates each systemic theme once per (current sprint, theme): `escalation_count` + 1 on the oldest
 * open item with that theme hash. Applied pairs are kept in a ledger beside the action items, checked
 * and appended under the same lock, so re-runs and concurrent runs never double-increment.
 */
export function applyEscalations(
  root: string,
  currentSprint: string,
  themes: SystemicTheme[],
  now: Date,
): Escalation[] {
  if (themes.length === 0) return [];
  const ledgerPath = join(root, ESCALATION_LEDGER_PATH);
  ensureInsideProject(root, ledgerPath);
  // The ledger is opened before the items are edited: a link or a FIFO planted at its path is refused
  // before any count changes (a count raised without its ledger row would be raised again next run).
  let ledger: number | undefined;
  try {
    return applyUnder(
      root,
      currentSprint,
      themes,
      now,
      (rows) => {
        if (ledger !== undefined) writeSync(ledger, rows);
      },
      () => {
        makeDirsSync(dirname(ledgerPath));
        ledger = openForAppendSync(ledgerPath);
      },
    );
  } finally {
    if (ledger !== undefined) closeSync(ledger);
  }
}

function applyUnder(
  root: string,
  currentSprint: string,
  themes: SystemicTheme[],
  now: Date,
  append: (rows: string) => void,
  openLedger: () => void,
): Escalation[] {
  const { result } = editActionItems(
    root,
    ({ items, nodeOf }) => {
      openLedger();
      const applied = appliedPairs(root);
      const outcomes: Escalation[] = themes.map((theme) => {
        if (applied.has(`${currentSprint}\n${theme.theme_hash}`)) {
          return { theme_hash: theme.theme_hash, outcome: 'already_applied' };
        }
        const oldest = items
          .map((item, index) => ({ item, index }))
          .filter(({ item }) => (item.status ?? 'open') === 'open' && itemHasTheme(item, theme.theme_hash))
          .sort(
            (a, b) => (a.item.created_at ?? '~').localeCompare(b.item.created_at ?? '~') || a.index - b.index,
          )[0];
        const node = oldest ? nodeOf(oldest.item.id) : undefined;
        if (!oldest || !node) return { theme_hash: theme.theme_hash, outcome: 'no_open_item' };
        const count = (oldest.item.escalation_count ?? 0) + 1;
        node.set('escalation_count', count);
        oldest.item.escalation_count = count;
        return {
          theme_hash: theme.theme_hash,
          outcome: 'escalated',
          item_id: oldest.item.id,
          escalation_count: count,
        };
      });
      return { changed: outcomes.some((o) => o.outcome === 'escalated'), result: outcomes };
    },
    (outcomes) => {
      const rows = outcomes
        .filter((o) => o.outcome === 'escalated')
        .map((o) =>
          JSON.stringify({
            sprint_id: currentSprint,
            theme_hash: o.theme_hash,
            item_id: o.item_id,
            applied_at: now.toISOString(),
          }),
        );
      if (rows.length > 0) append(`${rows.join('\n')}\n`);
    },
  );
  return result;
}
