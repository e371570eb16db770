import { describe, expect, it } from 'vitest';
import { parseJsonPrefix } from './json-prefix.js';

describe('parseJsonPrefix', () => {
  it('parses complete JSON like JSON.parse', () => {
    const line = JSON.stringify({
      type: 'user',
      n: -1.5e3,
      ok: true,
      none: null,
      list: [1, 'a', { b: 'c' }],
    });
    expect(parseJsonPrefix(line)).toEqual({ value: JSON.parse(line), complete: true });
  });

  it('keeps what a cut-off object holds, a cut string as its decoded prefix', () => {
    const line = JSON.stringify({
      type: 'user',
      message: { role: 'user', content: 'héllo "world"\nand more' },
    });
    const cut = line.slice(0, line.indexOf('and more') + 3);
    expect(parseJsonPrefix(cut)).toEqual({
      value: { type: 'user', message: { role: 'user', content: 'héllo "world"\nand' } },
      complete: false,
    });
  });

  it('drops an escape the cut split, and a number that reaches the cut', () => {
    expect(parseJsonPrefix('{"a":"x\\').value).toEqual({ a: 'x' });
    expect(parseJsonPrefix('{"a":"x\\u00').value).toEqual({ a: 'x' });
    expect(parseJsonPrefix('{"a":"x","n":12').value).toEqual({ a: 'x' });
    expect(parseJsonPrefix('{"a":"x","n":12,').value).toEqual({ a: 'x', n: 12 });
    expect(parseJsonPrefix('{"a":"x","ke').value).toEqual({ a: 'x' });
  });

  it('stops at invalid text and at absurd nesting instead of throwing', () => {
    expect(parseJsonPrefix('{"a":1 "b":2}')).toEqual({ value: { a: 1 }, complete: false });
    expect(parseJsonPrefix('not json').value).toBeUndefined();
    expect(parseJsonPrefix('{"a":"\\q"}').complete).toBe(false);
    expect(() => parseJsonPrefix('['.repeat(100_000))).not.toThrow();
  });
});
