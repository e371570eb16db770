/**
 * A line of Markdown with its inline code spans cut out, by CommonMark's rule: a run of n backticks opens
 * a span that the next run of exactly n backticks closes; a run with no such partner is literal text.
 * What is left is the text a renderer would read as Markdown (emphasis, links, HTML).
 */
export function outsideCodeSpans(line: string): string {
  let out = '';
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf('`', at);
    if (open < 0) break;
    out += line.slice(at, open);
    let end = open;
    while (line[end] === '`') end += 1;
    const fence = line.slice(open, end);
    let close = -1;
    for (let i = line.indexOf(fence, end); i >= 0; i = line.indexOf(fence, i + 1)) {
      const runEnd = i + fence.length;
      if (line[i - 1] !== '`' && line[runEnd] !== '`') {
        close = i;
        break;
      }
      while (line[i] === '`') i += 1;
    }
    if (close < 0) {
      out += fence;
      at = end;
    } else {
      out += '⟨code⟩';
      at = close + fence.length;
    }
  }
  return out + line.slice(at);
}

/** The code spans of a line, their content as CommonMark gives it (one space stripped on each side). */
export function codeSpansOf(line: string): string[] {
  const spans: string[] = [];
  const re = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;
  for (const match of line.matchAll(re)) {
    const body = match[2] ?? '';
    spans.push(/^ .* $/.test(body) && body.trim() !== '' ? body.slice(1, -1) : body);
  }
  return spans;
}
