import { describe, expect, it } from 'vitest';
import { codeSpansOf, outsideCodeSpans } from '../test-support/markdown.js';
import { codeSpan } from './code-span.js';

describe('codeSpan', () => {
  const hostile = [
    '<img src=x onerror=alert(1)>',
    '[click](https://evil.example/x) and ![img](https://evil.example/i.png)',
    'visit www.evil.example or https://evil.example or mail root@evil.example',
    '**bold** _em_ ~~gone~~ <!-- comment --> &amp; | table |',
    'ends with a backtick `',
    '`starts with one',
    'a ``double`` run and a ``` triple ``` one',
    '`',
  ];

  it.each(hostile)('keeps %j as one code span holding exactly the text', (text) => {
    const span = codeSpan(text);
    expect(outsideCodeSpans(span)).toBe('⟨code⟩');
    expect(codeSpansOf(span)).toEqual([text]);
  });

  it('leaves no Markdown outside the span when embedded in prose', () => {
    const line = `Claim: ${codeSpan('x` <b>y</b> [z](http://a)')} — flagged because: ${codeSpan('``')}`;
    expect(outsideCodeSpans(line)).toBe('Claim: ⟨code⟩ — flagged because: ⟨code⟩');
  });

  it('turns line breaks into spaces, so no line of the text can start a block', () => {
    const span = codeSpan('Done.\n\n## Injected heading\r\n<img src=x>');
    expect(span.split('\n')).toHaveLength(1);
    expect(codeSpansOf(span)).toEqual(['Done. ## Injected heading <img src=x>']);
  });

  it('writes an empty text as a span of one space', () => {
    expect(codeSpan('')).toBe('` `');
  });
});
