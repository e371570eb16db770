import { terminalSafe } from './terminal.js';

/** Longest quote a report line keeps (code points); the rest is cut with an ellipsis. */
const MAX_QUOTE = 240;

/**
 * Untrusted text (a refused rule, say) quoted for a person to review, inside one line of Markdown or of a
 * terminal: hidden characters and unusual spaces shown as escapes, cut to a readable length, and set as an inline code span
 * whose fence is longer than any run of backticks inside, so that no link, image or HTML in it is ever
 * rendered or followed.
 */
export function quoteForReview(text: string): string {
  // Unusual spaces too: a reviewer should see the no-break space that slipped `curl` past a word filter.
  const visible = terminalSafe(text).replace(
    /[^\P{Zs} ]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const points = Array.from(visible);
  const shown = points.length > MAX_QUOTE ? `${points.slice(0, MAX_QUOTE - 1).join('')}…` : points.join('');
  const longest = Math.max(0, ...Array.from(shown.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}
