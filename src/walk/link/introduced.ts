import type { AgentEdit } from './agent-edits.js';
import { canonicalText, insertedLines, isTrivialLine, meaningfulLines, normalizeLine } from './lines.js';

/**
 * Text found inside an edit's canonical text (see canonicalText) must be at least this long to count:
 * shorter fragments (`x = 1`, `items,`) turn up anywhere. A run of lines a formatter split counts as one.
 */
const MIN_FOLDED_MATCH = 10;

/** The lines an edit introduced: in its new text and not in the text it replaced. */
interface Introduced {
  lines: Set<string>;
  canonicalLines: Set<string>;
  /** All introduced lines (trivial ones too) in canonical form and joined, for lines a formatter re-wrapped. */
  canonical: string;
}

const introducedCache = new WeakMap<AgentEdit, Introduced>();

function notebookForms(source: string): string[] {
  // A notebook stores a cell's source as JSON strings, one per line, each but the last ending in `\n`.
  return source.split('\n').flatMap((line) => [`${JSON.stringify(`${line}\n`)},`, JSON.stringify(line)]);
}

/** Computed once per edit, on first use: most edits never meet a hunk of their file. */
function introducedBy(edit: AgentEdit): Introduced {
  const cached = introducedCache.get(edit);
  if (cached) return cached;
  const lines: string[] = [];
  const texts: string[] = [];
  for (const piece of edit.pieces) {
    const after = piece.after.split('\n').map(normalizeLine);
    const added =
      piece.before === undefined ? after : insertedLines(piece.before.split('\n').map(normalizeLine), after);
    lines.push(...added.filter((line) => !isTrivialLine(line)));
    texts.push(added.join('\n'));
    if (edit.notebook) lines.push(...meaningfulLines(notebookForms(piece.after).join('\n')));
  }
  const introduced = {
    lines: new Set(lines),
    canonicalLines: new Set(lines.map(canonicalText)),
    canonical: canonicalText(texts.join('\n')),
  };
  introducedCache.set(edit, introduced);
  return introduced;
}

/** Whether the edit introduced this hunk line (as written, or in canonical form). */
export function introducesLine(edit: AgentEdit, line: string, canonical: string): boolean {
  const introduced = introducedBy(edit);
  return introduced.lines.has(line) || introduced.canonicalLines.has(canonical);
}

/**
 * The hunk lines (by index) that appear, as runs of consecutive lines in canonical form, inside the text
 * the edit introduced: a line a formatter split shows up as a run, lines it joined as one long line.
 */
export function runsInside(edit: AgentEdit, canonical: readonly string[]): number[] {
  const text = introducedBy(edit).canonical;
  const found: number[] = [];
  let i = 0;
  while (i < canonical.length) {
    let run = canonical[i] ?? '';
    if (run === '' || !text.includes(run)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < canonical.length && text.includes(run + (canonical[j + 1] ?? ''))) {
      j++;
      run += canonical[j] ?? '';
    }
    if (run.length >= MIN_FOLDED_MATCH) for (let k = i; k <= j; k++) found.push(k);
    i = j + 1;
  }
  return found;
}
