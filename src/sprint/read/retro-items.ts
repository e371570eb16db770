import { pipeCells } from './markdown.js';

/** Sub-sections of an Action Items section that are not action items. */
const NOT_ITEMS = /agreement|lesson|went well|success|next epic|readiness|follow-through|summary|metrics/i;
/** Table columns that hold the item's words, in order of preference. */
const ITEM_COLUMN = /^(action items?|actions?|items?|improvement|task|what|description)$/i;

function headingOf(line: string): { level: number; text: string } | undefined {
  const match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
  return match ? { level: match[1]!.length, text: match[2]! } : undefined;
}

/** A bold title at the start of a numbered or bulleted item is the item (`1. **Title**` then sub-bullets). */
function itemText(raw: string): string {
  const text = raw.replace(/~~/g, '').trim();
  const bold = /^\*\*(.+?)\*\*/.exec(text);
  return (bold ? bold[1]! : text).trim();
}

/**
 * The action items of a retrospective as BMAD teams write them, under `## Action Items` (or `###`) up to
 * the next heading of the same level: top-level bullets, numbered items (their bold title, not the
 * `Owner:` sub-bullets), and table rows (the action column), across sub-sections such as `### Process
 * Improvements` or `### Carried Forward` but not `### Team Agreements`. `None.` is no item.
 */
export function retroActionItems(body: string): string[] {
  const items: string[] = [];
  let level = 0;
  let skipping = false;
  let column: number | undefined;
  for (const line of body.split('\n')) {
    const heading = headingOf(line);
    if (heading) {
      if (level > 0 && heading.level <= level) level = 0;
      if (level === 0 && /^action items?\b/i.test(heading.text)) {
        level = heading.level;
        skipping = false;
      } else if (level > 0) skipping = NOT_ITEMS.test(heading.text);
      column = undefined;
      continue;
    }
    if (level === 0 || skipping) continue;
    const cells = pipeCells(line);
    if (cells) {
      if (column === undefined) {
        const found = cells.findIndex((c) => ITEM_COLUMN.test(c.replace(/\*/g, '')));
        column = found >= 0 ? found : -1;
      } else if (column >= 0 && !cells.every((c) => /^:?-+:?$/.test(c))) {
        const text = itemText(cells[column] ?? '');
        if (text) items.push(text);
      }
      continue;
    }
    column = undefined;
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item?.[1] && item[1].trim() !== '') items.push(itemText(item[1]));
  }
  return items.filter((t) => t !== '' && !/^none\b/i.test(t));
}
