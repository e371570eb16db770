import { BROKEN_LINE, ruleTextToWrite } from './directives.js';
import { type EditOptions, editRulesFile, type FileEdit } from './edit.js';
import { appendLine, breaksLine, joinLines, splitLines } from './lines.js';
import { backlogPath } from './targets.js';

const HEADER =
  '# Retrospect backlog\n\nImprovements to the tooling itself, found by session retrospectives.\n\n';

/** One improvement for the tooling itself, with where it was seen. */
interface BacklogEntry {
  text: string;
  /** `<session>#<message id>` */
  source: string;
  /** `YYYY-MM-DD` */
  day: string;
}

/** Appends `- [ ] <text> (from <source>, <day>)`; a new file starts with a short header. */
export function appendBacklogText(content: string, entry: BacklogEntry): FileEdit<{ line: string }> {
  const checked = ruleTextToWrite(entry.text);
  if (!checked.ok) return checked;
  // The source is `<session>#<message id>`: ids, never prose; anything else in it becomes `_`.
  const source = entry.source.replace(/[^\w.:#@+-]/g, '_');
  const day = entry.day.replace(/[^\d-]/g, '');
  const line = `- [ ] ${checked.text} (from ${source}, ${day})`;
  if (breaksLine(line)) return { ok: false, reason: BROKEN_LINE };
  const base = content === '' ? HEADER : content;
  return { ok: true, content: joinLines(appendLine(splitLines(base), line)), line };
}

/** Appends an entry to `.claude/retro/backlog.md` of the project. */
export function appendBacklogEntry(
  mainCheckout: string,
  entry: BacklogEntry,
  options: EditOptions = {},
): FileEdit<{ line: string }> {
  return editRulesFile(mainCheckout, backlogPath(mainCheckout), (c) => appendBacklogText(c, entry), options);
}
