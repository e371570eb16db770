import { describe, expect, it } from 'vitest';
import { codeSpansOf, outsideCodeSpans } from '../test-support/markdown.js';
import { markdownHeadingText, markdownInline, markdownText, visibleText } from './escape.js';

/** What a Markdown renderer would act on in a line: anything here is live Markdown or HTML. */
const LIVE = /<[a-z!/?]|(?<!\\)\]\(|(?<!\\)\[|(?<!\\)\*|(?<!\\)`|(?<!\\)~~/i;

describe('markdownText', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '![i](https://evil.example/i.png)',
    '**bold** and ~~strike~~ and `code`',
    '<!-- hidden --> &lt;already&gt;',
  ])('leaves nothing live in %j', (text) => {
    expect(markdownText(text)).not.toMatch(LIVE);
    expect(markdownText(text)).not.toContain('<');
  });

  it('keeps ordinary text as typed: a revision range, snake_case, an issue reference', () => {
    expect(markdownText('HEAD~1..HEAD')).toBe('HEAD~1..HEAD');
    expect(markdownText('fix snake_case names (#12)')).toBe('fix snake_case names (#12)');
    expect(markdownText('HEAD~5..HEAD~1')).toBe('HEAD\\~5..HEAD\\~1');
  });
});

describe('visibleText', () => {
  it('writes out controls and bidi overrides, and turns every kind of line break into a space', () => {
    expect(visibleText('a\u001b[2Jb')).toBe('a\\u{1B}[2Jb');
    expect(visibleText('evil\u202Etxt.exe')).toBe('evil\\u{202E}txt.exe');
    expect(visibleText('zero\u200bwidth')).toBe('zero\\u{200B}width');
    expect(visibleText('a\nb\r\nc\u2028d\u2029e\u0085f')).toBe('a b c d e f');
  });
});

describe('markdownHeadingText', () => {
  it('keeps a heading one heading: no closing sequence, no leading hash', () => {
    expect(markdownHeadingText('Add b next to a (#4)')).toBe('Add b next to a (#4)');
    expect(markdownHeadingText('Fix ##')).toBe('Fix \\#\\#');
    expect(markdownHeadingText('# not a title')).toBe('\\# not a title');
  });
});

describe('markdownInline', () => {
  it('shows file names as code spans, exactly, and escapes the prose around them', () => {
    const path = 'docs/<b>x</b> [y](z).md';
    const line = markdownInline(`Adds doc ${path} (+1 −0); see [here](javascript:x)`, [path]);
    expect(codeSpansOf(line)).toEqual([path]);
    expect(outsideCodeSpans(line)).not.toMatch(LIVE);
  });

  it('keeps code spans the text already has, and a file name with a line break on one line', () => {
    const path = 'notes\n## Open Questions\n.md';
    const line = markdownInline(`Claim ${'`'}x <y>${'`'} in ${path}.`, [path]);
    expect(line.split('\n')).toHaveLength(1);
    expect(codeSpansOf(line)).toEqual(['x <y>', 'notes ## Open Questions .md']);
  });
});
