import { describe, expect, it } from 'vitest';
import { countMatches, countWordMatches } from '../signals.js';
import { random } from '../test-support/random-text.js';
import { complaintIn, errorLinesOf, fixFailedIn } from './complaint.js';
import { concedesLater } from './later-concession.js';
import { claimsDone, RETRY_PATTERN, RETRY_RE } from './lexicon.js';
import { collapseSpaces } from './machine.js';

const PIECES = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u3000',
  '\u2028',
  '\ufeff',
  'a',
  'Let me try again',
  'MY MISTAKE',
  'sorry let me',
  'é',
  '你好',
  '😀',
  "that didn't work",
  'xmy mistake',
  'actually, let me',
];

function randomText(next: () => number): string {
  let text = '';
  const n = Math.floor(next() * 30);
  for (let i = 0; i < n; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

describe('cost round four: the same readings, read more cheaply', () => {
  it('collapses white space as replace(/\\s+/gu, " ") does', () => {
    const next = random(7);
    for (let i = 0; i < 5000; i++) {
      const text = randomText(next);
      expect(collapseSpaces(text)).toBe(text.replace(/\s+/gu, ' '));
    }
    expect(collapseSpaces('a  b\tc d\n\n e')).toBe('a b c d e');
  });

  it('counts retry phrases as RETRY_RE counts them', () => {
    const next = random(11);
    for (let i = 0; i < 5000; i++) {
      const text = randomText(next);
      expect(countWordMatches(RETRY_PATTERN, text)).toBe(countMatches(RETRY_RE, text));
    }
    expect(countWordMatches(RETRY_PATTERN, 'Let me try again. MY MISTAKE, let me try again')).toBe(3);
    expect(countWordMatches(RETRY_PATTERN, 'xmy mistake')).toBe(0);
  });

  it('reads the lower-cased patterns whatever the case, and gives back the words as typed', () => {
    expect(complaintIn('It is STILL EMPTY')).toBe('is STILL EMPTY');
    expect(complaintIn("I DON'T SEE THE SPEC in the folder?")).toBe("I DON'T SEE THE SPEC");
    expect(fixFailedIn('It Still Does Not Work')).toBe('Still Does Not Work');
    expect(claimsDone('FIXED: the build passes')).toBe(true);
    expect(claimsDone('unfixed so far')).toBe(false);
    expect(concedesLater("YOU'RE RIGHT, I missed it")).toBe(true);
    expect(errorLinesOf('Uncaught TypeError: X is not a function at line 12\nok')).toEqual([
      'uncaught typeerror: x is not a function at line #',
    ]);
    expect(errorLinesOf('npm ERR! code ELIFECYCLE while building the app')).toEqual([
      'npm err! code elifecycle while building the app',
    ]);
  });
});
