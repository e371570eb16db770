/** Characters the walk's Markdown escapes with a backslash (see markdownText and markdownHeadingText). */
const ESCAPED = new Set(['\\', '`', '*', '_', '[', ']', '~', '|', '#']);
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * One line of the walk's Markdown as a terminal shows it: the backslash escapes and the `&lt;` entities
 * that keep rendered Markdown literal are read back (`HEAD\~12` is `HEAD~12`), and code spans are kept as
 * they are (their text is already literal). Nothing here is rendered by a terminal, so nothing needs
 * escaping; the writer still makes control characters visible.
 */
function plainLine(line: string): string {
  let out = '';
  let at = 0;
  while (at < line.length) {
    const c = line[at]!;
    if (c === '\\' && ESCAPED.has(line[at + 1] ?? '')) {
      out += line[at + 1];
      at += 2;
    } else if (c === '`') {
      let end = at;
      while (line[end] === '`') end++;
      const fence = line.slice(at, end);
      const close = line.indexOf(fence, end);
      const stop = close < 0 ? end : close + fence.length;
      out += line.slice(at, stop);
      at = stop;
    } else if (c === '&') {
      const entity = Object.keys(ENTITIES).find((name) => line.startsWith(name, at));
      out += entity ? ENTITIES[entity] : c;
      at += entity ? entity.length : 1;
    } else {
      out += c;
      at++;
    }
  }
  return out;
}

/** The walk's Markdown (rendered without its JSON block) as text for a terminal, line by line. */
export function terminalText(markdown: string): string {
  return markdown.split('\n').map(plainLine).join('\n');
}
