import { describe, expect, it } from 'vitest';
import { codePointLength, parsePyFloat, pyFloatRepr, pySplit, pyStrip, pyTruthy } from './pyjson.js';

describe('Python semantics', () => {
  it('truthiness', () => {
    for (const falsy of [0, -0, '', [], {}, null, false, undefined]) expect(pyTruthy(falsy)).toBe(false);
    for (const truthy of [1, 'false', '0', [0], { a: 0 }, true, Number.NaN])
      expect(pyTruthy(truthy)).toBe(true);
  });

  it('whitespace: str.split and strip use Python isspace (incl. \\x1c-\\x1f, \\x85), not \\ufeff', () => {
    expect(pySplit(' a\u00a0b\x1cc\u0085d\u3000e ')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pySplit('a\ufeffb')).toEqual(['a\ufeffb']);
    expect(pyStrip('\u2028 x \x1f')).toBe('x');
  });

  it('strip removes exactly the Python white space at either end, every one of them, and nothing else', () => {
    const spaces = [...'\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000'];
    for (let c = 0x2000; c <= 0x200a; c++) spaces.push(String.fromCharCode(c));
    for (const space of spaces) expect(pyStrip(`${space}a${space}b${space}${space}`)).toBe(`a${space}b`);
    // Not Python white space: zero-width space, BOM, a lone surrogate at the end, U+180E.
    for (const other of ['\u200b', '\ufeff', '\ud800', '\u180e'])
      expect(pyStrip(` x${other} `)).toBe(`x${other}`);
    expect(pyStrip(`{"a": "${' '.repeat(5000)}x"}\n`)).toBe(`{"a": "${' '.repeat(5000)}x"}`);
    expect(pyStrip(' \t\n ')).toBe('');
  });

  it('code point length counts a surrogate pair once and a lone surrogate once', () => {
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('\ud800x')).toBe(2);
  });

  it('float() parsing and repr', () => {
    expect(parsePyFloat(' 7.5 ')).toBe(7.5);
    expect(parsePyFloat('1_000')).toBe(1000);
    expect(parsePyFloat('.5')).toBe(0.5);
    expect(parsePyFloat('5.')).toBe(5);
    expect(parsePyFloat('-inf')).toBe(-Infinity);
    expect(parsePyFloat('NaN')).toBeNaN();
    for (const bad of ['', 'high', '1__0', '_1', '1_', '0x10', '5 5', '.'])
      expect(parsePyFloat(bad)).toBeUndefined();
    expect([5, 11.5, 0, 1e16, 1e-5, 0.0001, 2500000000000000, 123.456].map(pyFloatRepr)).toEqual([
      '5.0',
      '11.5',
      '0.0',
      '1e+16',
      '1e-05',
      '0.0001',
      '2500000000000000.0',
      '123.456',
    ]);
    expect(pyFloatRepr(Infinity)).toBe('Infinity');
  });
});
