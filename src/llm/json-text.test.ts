import { describe, expect, it } from 'vitest';
import { extractJsonObject, findJsonObject } from './json-text.js';

describe('findJsonObject', () => {
  it('reads one object alone, fenced, or with whitespace', () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(extractJsonObject('\n  {"a":1}\n')).toEqual({ a: 1 });
    expect(extractJsonObject('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJsonObject('```\r\n{"a":2}\r\n```\n')).toEqual({ a: 2 });
  });

  it('reads the one object of an answer with prose around it, fenced or not', () => {
    const answer = '{"proposals":[{"proposed_text":"Use {braces} in \\"quotes\\"","citations":[]}]}';
    expect(extractJsonObject(`Here is my analysis of the session:\n${answer}`)).toEqual(JSON.parse(answer));
    expect(extractJsonObject(`${answer}\nHope this helps!`)).toEqual(JSON.parse(answer));
    expect(
      extractJsonObject(`I read the transcript {carefully}.\n\n\`\`\`json\n${answer}\n\`\`\`\nLet me know.`),
    ).toEqual(JSON.parse(answer));
    expect(extractJsonObject('好的，以下是结果：\n{"proposals":[],"observations":[]}\n以上。')).toEqual({
      proposals: [],
      observations: [],
    });
    // The same object written twice (a fence and a repeat) is one answer.
    expect(extractJsonObject('{"a":1}\n\nAgain: {"a":1}')).toEqual({ a: 1 });
  });

  it('refuses two different objects, an array, or no object, and says which', () => {
    expect(findJsonObject('{"a":1}{"b":2}')).toEqual({
      ok: false,
      detail: 'the answer holds 2 different JSON objects; expected one',
    });
    expect(findJsonObject('```json\n{"a":1}\n```\n```json\n{"b":2}\n```')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/2 different JSON objects/),
    });
    expect(findJsonObject('[{"a":1}]')).toEqual({
      ok: false,
      detail: 'the answer is an array, not one JSON object',
    });
    expect(findJsonObject('{"a":')).toEqual({ ok: false, detail: 'the answer holds no JSON object' });
    expect(findJsonObject('')).toEqual({ ok: false, detail: 'the answer holds no JSON object' });
    expect(findJsonObject('I could not find anything {worth} a rule.')).toMatchObject({ ok: false });
  });

  it('stays bounded on prose full of braces that open nothing', () => {
    const started = Date.now();
    expect(findJsonObject(`${'{'.repeat(50_000)} {"a":1}`).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
