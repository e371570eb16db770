/** One physical line of a text file and the terminator that ended it ('' for a last line without one). */
export interface TextLine {
  content: string;
  eol: '\r\n' | '\n' | '\r' | '';
}

/** Splits text into lines, keeping each terminator so that joining them gives back the exact text. */
export function splitLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  const pattern = /\r\n|\n|\r/g;
  let start = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    lines.push({ content: text.slice(start, match.index), eol: match[0] as TextLine['eol'] });
    start = match.index + match[0].length;
  }
  if (start < text.length) lines.push({ content: text.slice(start), eol: '' });
  return lines;
}

export function joinLines(lines: readonly TextLine[]): string {
  return lines.map((l) => l.content + l.eol).join('');
}

/** The terminator a file mostly uses, so that an added line matches its neighbours. */
export function dominantEol(lines: readonly TextLine[]): '\r\n' | '\n' | '\r' {
  const counts = { '\r\n': 0, '\n': 0, '\r': 0 };
  for (const line of lines) if (line.eol !== '') counts[line.eol] += 1;
  if (counts['\r\n'] > counts['\n'] && counts['\r\n'] >= counts['\r']) return '\r\n';
  if (counts['\r'] > counts['\n']) return '\r';
  return '\n';
}

/**
 * Appends a line at the end. A last line without a terminator gets one first (the file's usual one), so
 * that the new line starts on its own row; every other byte stays as it was.
 */
export function appendLine(lines: readonly TextLine[], content: string): TextLine[] {
  // Writers check their text first; this guards the file's structure against a writer that did not.
  if (breaksLine(content)) throw new Error('refusing to append a line that holds a line break');
  const eol = dominantEol(lines);
  const out = lines.map((l) => ({ ...l }));
  const last = out[out.length - 1];
  if (last && last.eol === '') last.eol = eol;
  out.push({ content, eol });
  return out;
}

/**
 * True when `text` holds a character that ends a line for some reader: CR, LF, VT, FF, NEL, or the Unicode
 * line and paragraph separators (Markdown viewers and agents break lines at U+2028; our line reader and the
 * numbered-list pattern do not, so such a rule hides from `trial list` and breaks the numbering).
 */
export function breaksLine(text: string): boolean {
  return /[\n\r\v\f\u0085\u2028\u2029]/.test(text);
}

/** The first `max` code points of `text` (lengths are counted in code points, not UTF-16 units). */
export function cutCodePoints(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('');
}
