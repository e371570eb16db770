import { codeSpan } from './code-span.js';

/** Characters that end a line for some renderer: CR, LF, NEL, VT, FF, and the Unicode line and paragraph separators. */
const LINE_BREAKS = /[\r\n\u0085\u000b\u000c\u2028\u2029]+/g;
/**
 * Characters a reader must see rather than obey: other controls (ESC starts terminal sequences),
 * format characters (bidi overrides such as U+202E reorder what follows, zero-width characters hide text).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * Text from git or a session made safe to show on one line: line breaks become spaces, other control and
 * format characters are written out as `\u{…}`, so that nothing moves the cursor, starts a new block or
 * reorders the text a reader sees.
 */
export function visibleText(text: string): string {
  return text
    .replace(LINE_BREAKS, ' ')
    .replace(INVISIBLE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}

/** Untrusted text as an inline code span that shows every character (see visibleText). */
export function safeCodeSpan(text: string): string {
  return codeSpan(visibleText(text));
}

/**
 * Untrusted text as literal Markdown prose: HTML cannot open (`<` and `>` become entities, and `&` before
 * an entity name), and no emphasis, link, image, code span, table cell or strikethrough can start (their
 * characters are backslash-escaped). Characters that cannot start anything where they stand are left as
 * they are, so that ordinary text reads as typed: `_` inside a word (`snake_case`), a single `~`
 * (`HEAD~1..HEAD`; two of them could strike the text between).
 */
export function markdownText(text: string): string {
  const visible = visibleText(text);
  const tildes = (visible.match(/~/g) ?? []).length;
  return visible
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]~|]/g, (c, at: number, all: string) => {
      if (c === '~' && tildes < 2) return c;
      if (c === '_' && /[\p{L}\p{N}]/u.test(all[at - 1] ?? '') && /[\p{L}\p{N}]/u.test(all[at + 1] ?? ''))
        return c;
      return `\\${c}`;
    });
}

/**
 * A heading's text: literal prose, with a leading `#` and a trailing run of `#` (which Markdown would read
 * as the heading's closing sequence) escaped.
 */
export function markdownHeadingText(text: string): string {
  return markdownText(text)
    .replace(/^#/, '\\#')
    .replace(/(\s)(#+)\s*$/, (_, space: string, hashes: string) => `${space}${hashes.replace(/#/g, '\\#')}`);
}

/** Code spans inside a text, by CommonMark's rule: a run of n backticks closes at the next run of exactly n. */
function splitCodeSpans(text: string): { code: boolean; text: string }[] {
  const parts: { code: boolean; text: string }[] = [];
  let at = 0;
  let plainFrom = 0;
  while (at < text.length) {
    const open = text.indexOf('`', at);
    if (open < 0) break;
    let end = open;
    while (text[end] === '`') end++;
    const fence = text.slice(open, end);
    let close = -1;
    for (let i = text.indexOf(fence, end); i >= 0; i = text.indexOf(fence, i + 1)) {
      if (text[i - 1] !== '`' && text[i + fence.length] !== '`') {
        close = i;
        break;
      }
      while (text[i] === '`') i++;
    }
    if (close < 0) {
      at = end;
      continue;
    }
    if (open > plainFrom) parts.push({ code: false, text: text.slice(plainFrom, open) });
    parts.push({ code: true, text: text.slice(open, close + fence.length) });
    at = close + fence.length;
    plainFrom = at;
  }
  if (plainFrom < text.length) parts.push({ code: false, text: text.slice(plainFrom) });
  return parts;
}

const TERM_BEFORE = /[\s("'[,;]/;
const TERM_AFTER = /[\s)"',;:\]]/;

/** Where `term` occurs in `text` as a word of its own (not inside a longer name). */
function termAt(text: string, term: string, from: number): number {
  for (let i = text.indexOf(term, from); i >= 0; i = text.indexOf(term, i + 1)) {
    const before = i === 0 || TERM_BEFORE.test(text[i - 1] ?? '');
    const next = text[i + term.length];
    const after =
      next === undefined ||
      TERM_AFTER.test(next) ||
      (next === '.' && /^\.(\s|$)/.test(text.slice(i + term.length)));
    if (before && after) return i;
  }
  return -1;
}

/**
 * A sentence the walk wrote around values from git and sessions, as Markdown: each of `codeTerms` (file
 * paths) becomes a code span that shows it exactly, code spans already in the text (anchor fields) stay
 * code spans with every character visible, and everything else is literal prose (see markdownText), after
 * `plain` shortens it where the walk wants (session ids).
 */
export function markdownInline(
  text: string,
  codeTerms: readonly string[] = [],
  plain: (text: string) => string = (t) => t,
): string {
  const terms = [...new Set(codeTerms.filter((t) => t !== ''))].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  let rest = text;
  while (rest !== '') {
    let first = -1;
    let found = '';
    for (const term of terms) {
      const at = termAt(rest, term, 0);
      if (at >= 0 && (first < 0 || at < first)) {
        first = at;
        found = term;
      }
    }
    const before = first < 0 ? rest : rest.slice(0, first);
    for (const part of splitCodeSpans(before))
      out.push(
        part.code
          ? part.text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => visibleText(c))
          : markdownText(plain(part.text)),
      );
    if (first < 0) break;
    out.push(safeCodeSpan(found));
    rest = rest.slice(first + found.length);
  }
  return out.join('');
}
