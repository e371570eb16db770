/**
 * Untrusted text as a Markdown inline code span, the walk's way of quoting text it did not write (commands,
 * anchor fields): inside a code span nothing is Markdown, so the text cannot open a heading, emphasis, a
 * link or autolink, an image or raw HTML. The fence is one backtick longer than the longest run inside, and
 * text that starts or ends with a backtick is padded with a space (CommonMark strips one on each side).
 * Line breaks become spaces: a line ending inside a span would let the next line start a block.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  if (flat === '') return '` `';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
