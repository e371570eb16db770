import { describe, expect, it } from 'vitest';
import { BoundedTest, compiled } from './compiled.js';
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

/** Pieces of texts the decline and concession patterns read, glued to letters and digits on either side. */
const PIECES = [
  "You're right",
  'YOU ARE ABSOLUTELY CORRECT',
  'my bad',
  'Sorry, I',
  'i see the issue',
  'Tu as raison',
  'вы правы',
  'xin lỗi',
  '你说得对',
  '抱歉',
  'すみません',
  '죄송',
  "I don't have access",
  'I CANNOT READ',
  "I'm not able to open",
  'no tengo acceso',
  'у меня нет доступа',
  '无法访问',
  'アクセスできません',
  'x',
  'é',
  '7',
  '_',
  '😀',
  ' ',
  ', ',
  '\n',
];

describe('BoundedTest', () => {
  it('answers what the pattern answers, phrases glued to word characters or not', () => {
    let seed = 27;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const pattern of [CONCESSION_RE, DECLINE_RE]) {
      const bounded = new BoundedTest(pattern);
      for (let n = 0; n < 5000; n++) {
        let text = '';
        for (let k = 1 + Math.floor(next() * 5); k > 0; k--) {
          const piece = PIECES[Math.floor(next() * PIECES.length)]!;
          text += next() < 0.3 ? piece.toUpperCase() : piece;
        }
        expect(bounded.test(text), JSON.stringify(text)).toBe(pattern.test(text));
      }
    }
  });

  it('takes only a pattern that opens with the word look-behind around its phrases', () => {
    expect(() => new BoundedTest(/stop/iu)).toThrow(/look-behind/u);
    expect(() => new BoundedTest(CORRECTION_RE)).not.toThrow();
    expect(new BoundedTest(CORRECTION_RE).test('xstop')).toBe(false);
    expect(new BoundedTest(CORRECTION_RE).test('不对')).toBe(true);
  });
});
