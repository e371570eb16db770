import { describe, expect, it } from 'vitest';
import { extractJsonObject } from './json-text.js';

describe('extractJsonObject', () => {
  it('accepts a bare object, surrounding whitespace, and one markdown fence with or without a language', () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('\n  {"a":1}\n')).toEqual({ a: 1 });
    expect(extractJsonObject('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJsonObject('```\r\n{"a":2}\r\n```\n')).toEqual({ a: 2 });
  });

  it('refuses prose around the object, arrays, two objects and torn JSON', () => {
    expect(extractJsonObject('Here you go: {"a":1}')).toBeUndefined();
    expect(extractJsonObject('{"a":1}\nHope this helps!')).toBeUndefined();
    expect(extractJsonObject('[{"a":1}]')).toBeUndefined();
    expect(extractJsonObject('{"a":1}{"b":2}')).toBeUndefined();
    expect(extractJsonObject('{"a":')).toBeUndefined();
    expect(extractJsonObject('```json\n{"a":1}\n```\n```json\n{"b":2}\n```')).toBeUndefined();
    expect(extractJsonObject('')).toBeUndefined();
  });
});
