import { describe, expect, it } from 'vitest';
import { compiled } from './compiled.js';
import { CONCESSION_RE, CORRECTION_RE, DECLINE_RE, REJECTION_RE, RETRY_RE } from './lexicon.js';

/** Texts in one-byte and two-byte strings (V8 compiles a pattern for each kind on its own). */
const TEXTS = [
  "that's not what I asked",
  'Still NOT working after the fix',
  'ſtop', // matches "stop" under case folding (U+017F)
  'please continue',
  '不对，应该是另一个文件',
  'それは違う',
  'нет, не так',
  'You’re right, I missed that',
  "Let me try again. My mistake, that didn't work",
  '',
];

describe('compiled', () => {
  it('hands back the same pattern, matching what a pattern never compiled ahead matches', () => {
    for (const pattern of [CORRECTION_RE, REJECTION_RE, CONCESSION_RE, DECLINE_RE]) {
      const fresh = new RegExp(pattern.source, pattern.flags);
      expect(compiled(pattern)).toBe(pattern);
      for (const text of TEXTS) {
        const got = compiled(pattern).exec(text);
        const want = fresh.exec(text);
        expect(got?.index, `${pattern.source.slice(0, 30)} on ${text}`).toBe(want?.index);
        expect(got?.[0]).toBe(want?.[0]);
      }
    }
  });

  it("leaves a global pattern's lastIndex where it was", () => {
    const pattern = new RegExp(RETRY_RE.source, RETRY_RE.flags);
    pattern.lastIndex = 7;
    compiled(pattern);
    expect(pattern.lastIndex).toBe(7);
    const spaces = / +/gu;
    expect(compiled(spaces).lastIndex).toBe(0);
    expect('a  b'.replace(compiled(spaces), ' ')).toBe('a b');
  });
});
