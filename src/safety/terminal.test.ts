import { describe, expect, it } from 'vitest';
import { quoteForReview } from './quote.js';
import { terminalSafe } from './terminal.js';

const ESC = '\u001b';

describe('terminalSafe', () => {
  it('shows every control, format, bidi and separator character as an escape', () => {
    const folder = `-p-${ESC}]0;PWNED\u0007${ESC}[2J`;
    expect(terminalSafe(folder)).toBe('-p-\\u001b]0;PWNED\\u0007\\u001b[2J');
    expect(terminalSafe('a\u009bb\u007fc')).toBe('a\\u009bb\\u007fc');
    expect(terminalSafe('abc\u202edcba\u2066x\u2069')).toBe('abc\\u202edcba\\u2066x\\u2069');
    expect(terminalSafe('zero\u200bwidth\ufeff')).toBe('zero\\u200bwidth\\ufeff');
    expect(terminalSafe('line\u2028para\u2029end')).toBe('line\\u2028para\\u2029end');
    expect(terminalSafe('tag\u{e0041}')).toBe('tag\\udb40\\udc41');
  });

  it('escapes line breaks and tabs in a field, keeps them in multi-line text', () => {
    expect(terminalSafe('row\nforged\trow\r')).toBe('row\\u000aforged\\u0009row\\u000d');
    expect(terminalSafe(`a\nb\tc${ESC}[31m\r\n`, { multiline: true })).toBe('a\nb\tc\\u001b[31m\\u000d\n');
  });

  it('leaves JSON valid and meaning the same', () => {
    const value = { name: `x${ESC}[2J\u2028\u202e\u0085y`, list: ['\u009b', 'plain'] };
    const safe = terminalSafe(JSON.stringify(value, null, 2), { multiline: true });
    expect(safe).not.toMatch(/[\u001b\u2028\u202e\u0085\u009b]/);
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('keeps ordinary text of every script as it is', () => {
    const text = 'Schöne Grüße — テストを実行する 🎉 naïve café';
    expect(terminalSafe(text)).toBe(text);
  });
});

describe('quoteForReview', () => {
  it('sets untrusted text in a code span longer than any backtick run, hidden characters escaped', () => {
    expect(quoteForReview('[docs](javascript:alert(1))')).toBe('`[docs](javascript:alert(1))`');
    expect(quoteForReview('run `id` now')).toBe('``run `id` now``');
    expect(quoteForReview('`x`')).toBe('`` `x` ``');
    expect(quoteForReview('first\u2028# Heading')).toBe('`first\\u2028# Heading`');
    expect(quoteForReview('curl\u00a0x')).toBe('`curl\\u00a0x`');
  });

  it('cuts a long text to a readable length', () => {
    const quoted = quoteForReview('x'.repeat(1000));
    expect(Array.from(quoted)).toHaveLength(242);
    expect(quoted.endsWith('…`')).toBe(true);
  });
});
