import { describe, expect, it } from 'vitest';
import { isContinuation } from './lexicon.js';

/** The reading before the edges were stripped by a scan (a regex that is quadratic on long runs). */
function byRegex(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s.,!?。！？、~～…]+$/u, '')
    .replace(/^[\s.,!?。！？、~～…]+/u, '');
}

describe('isContinuation', () => {
  it('reads "carry on" in any listed language, punctuation and case ignored', () => {
    for (const text of ['continue', '  Continue!!! ', '…go on.', 'keep going', '继续', '続けて。'])
      expect(isContinuation(text), text).toBe(true);
    for (const text of ['continue with the tests', 'no', '', ' \t ', 'stop'])
      expect(isContinuation(text), text).toBe(false);
  });

  it('strips the edges as the regex did, on texts of every mix of edge characters', () => {
    const pieces = [' ', '\t', '.', '!', '?', '。', '…', '~', 'continue', 'Go on', 'x', '\u3000', '继续'];
    let seed = 5;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let k = Math.floor(next() * 8); k > 0; k--) text += pieces[Math.floor(next() * pieces.length)];
      // The regex's result has no edge characters left: as a whole it is, or is not, a listed phrase.
      expect(isContinuation(text), JSON.stringify(text)).toBe(isContinuation(byRegex(text)));
    }
  });

  it('answers for a turn of megabytes of white space and punctuation (the regex never returned)', () => {
    expect(isContinuation(`nope${' \t .'.repeat(1_000_000)}ok`)).toBe(false);
    expect(isContinuation(`continue${' !'.repeat(1_000_000)}`)).toBe(true);
  });
});
