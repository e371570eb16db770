import { describe, expect, it } from 'vitest';
import { countMatches, countWordMatches, S1_PATTERN, S1_RE, S4_PATTERN, S4_RE } from './signals.js';

/** A small deterministic generator (the same texts on every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Pieces that make matches, near-matches and word edges: the phrases, letters that fold onto theirs
// (Kelvin sign, long s), word characters outside ASCII (é, a mathematical letter of two code units) and
// a surrogate pair that is no letter.
const PIECES = [
  'stop',
  'STOP',
  'ſtop',
  'revert',
  'wrong',
  "don't",
  'dont',
  'why did you',
  'no thats',
  "no that's",
  'undo',
  "that's not",
  'nope',
  'let me try again',
  'let me try a different',
  "that didn't work",
  'that didnt wor\u212a',
  'actually, let me',
  'actually let me',
  'sorry, let me',
  'ſorry let me',
  'my mistake',
  'my miſta\u212ae',
  "i'll try",
  'ill try',
  'I\u2019ll try',
  ' ',
  '  ',
  '\n',
  ',',
  '.',
  "'",
  'x',
  'é',
  '_',
  '7',
  '\u{1d400}',
  '😀',
  'ab',
  'try',
  'let',
  'mis',
  'stopped',
  'nonstop',
  'ok',
];

function textOf(next: () => number): string {
  let text = '';
  const parts = Math.floor(next() * 12);
  for (let k = 0; k < parts; k++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

describe('countWordMatches', () => {
  it('counts what countMatches counts, for S1 and S4', () => {
    const next = random(29);
    for (let n = 0; n < 40_000; n++) {
      const text = textOf(next);
      expect(countWordMatches(S1_PATTERN, text), text).toBe(countMatches(S1_RE, text));
      expect(countWordMatches(S4_PATTERN, text), text).toBe(countMatches(S4_RE, text));
    }
  });

  it('reads the look-behind before the candidate and the folded letters', () => {
    expect(countWordMatches(S1_PATTERN, 'éstop stop')).toBe(1);
    expect(countWordMatches(S1_PATTERN, '\u{1d400}stop')).toBe(0);
    expect(countWordMatches(S1_PATTERN, '😀stop')).toBe(1);
    expect(countWordMatches(S1_PATTERN, 'ſtop STOP')).toBe(2);
    expect(countWordMatches(S4_PATTERN, 'my miſta\u212ae, that didn\u2019t work')).toBe(1);
    expect(countWordMatches(S1_PATTERN, '')).toBe(0);
  });
});
