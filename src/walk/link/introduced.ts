import type { AgentEdit } from './agent-edits.js';
import { canonicalText, insertedLines, isTrivialLine, meaningfulLines, normaliseLine } from './lines.js';

/**
 * Text found inside an edit's canonical text (see canonicalText) must be at least this long to count:
 * shorter fragments (`x = 1`, `items,`) turn up anywhere. A run of lines a formatter split counts as one.
 */
const MIN_FOLDED_MATCH = 10;

/** Where one meaningful introduced line lies in the edit's joined canonical text. */
interface Segment {
  start: number;
  end: number;
  key: string;
}

/** The lines an edit introduced: in its new text and not in the text it replaced. */
interface Introduced {
  /** Meaningful introduced lines in canonical form, with how often the edit introduced each. */
  counts: Map<string, number>;
  /** All introduced lines (trivial ones too) in canonical form and joined, for lines a formatter re-wrapped. */
  canonical: string;
  /** The meaningful lines' places in `canonical`, in order. */
  segments: Segment[];
}

const introducedCache = new WeakMap<AgentEdit, Introduced>();

function notebookForms(source: string): string[] {
  // A notebook stores a cell's source as JSON strings, one per line, each but the last ending in `\n`.
  return source.split('\n').flatMap((line) => [`${JSON.stringify(`${line}\n`)},`, JSON.stringify(line)]);
}

function trimEnd(line: string): string {
  return line.replace(/\s+$/, '');
}

/** Computed once per edit, on first use: most edits never meet a hunk of their file. */
function introducedBy(edit: AgentEdit): Introduced {
  const cached = introducedCache.get(edit);
  if (cached) return cached;
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const segments: Segment[] = [];
  let canonical = '';
  for (const piece of edit.pieces) {
    // Compared with their indentation kept: a block an edit re-indents (Python code moved out of an `if`)
    // is new text in the diff the commit shows, so the edit introduced it.
    const after = piece.after.split('\n').map(trimEnd);
    const added = (
      piece.before === undefined ? after : insertedLines(piece.before.split('\n').map(trimEnd), after)
    ).map(normaliseLine);
    for (const line of added) {
      const key = canonicalText(line);
      if (!isTrivialLine(line)) {
        count(key);
        segments.push({ start: canonical.length, end: canonical.length + key.length, key });
      }
      canonical += key;
    }
    if (edit.notebook)
      for (const line of meaningfulLines(notebookForms(piece.after).join('\n'))) count(canonicalText(line));
  }
  const introduced = { counts, canonical, segments };
  introducedCache.set(edit, introduced);
  return introduced;
}

/** How often the edit introduced this line (compared in canonical form). */
export function timesIntroduced(edit: AgentEdit, canonical: string): number {
  return introducedBy(edit).counts.get(canonical) ?? 0;
}

/** The introduced lines a stretch of the edit's canonical text overlaps. */
function overlapped(segments: readonly Segment[], from: number, to: number): string[] {
  let low = 0;
  let high = segments.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((segments[mid]?.end ?? 0) <= from) low = mid + 1;
    else high = mid;
  }
  const keys: string[] = [];
  for (let i = low; i < segments.length && (segments[i]?.start ?? to) < to; i++)
    keys.push(segments[i]?.key ?? '');
  return keys;
}

/** A run of hunk lines found in an edit's text, and the introduced lines it stands on. */
export interface Run {
  lines: number[];
  keys: string[];
}

/**
 * Runs of consecutive hunk lines (by index) that appear, in canonical form, inside the text the edit
 * introduced: a line a formatter split shows up as a run, lines it joined as one long line. A run counts
 * where it overlaps an introduced line `available` still allows (one an earlier commit has not already
 * added); a run of one line that is a whole introduced line is not one of these (it is counted as a line).
 */
export function runsInside(
  edit: AgentEdit,
  canonical: readonly string[],
  available: (key: string) => boolean,
): Run[] {
  const { canonical: text, counts, segments } = introducedBy(edit);
  const runs: Run[] = [];
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
    const wholeLine = i === j && counts.has(run);
    if (run.length >= MIN_FOLDED_MATCH && !wholeLine) {
      for (let at = text.indexOf(run); at >= 0; at = text.indexOf(run, at + 1)) {
        const keys = overlapped(segments, at, at + run.length).filter(available);
        if (keys.length === 0) continue;
        runs.push({ lines: Array.from({ length: j - i + 1 }, (_, k) => i + k), keys });
        break;
      }
    }
    i = j + 1;
  }
  return runs;
}
