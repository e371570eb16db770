import { describe, expect, it } from 'vitest';
import { CORRECTION_RE, isContinuation } from './lexicon.js';

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

describe('version 11: corrections read in more words and languages', () => {
  const reads = (text: string) => CORRECTION_RE.exec(text)?.[0];

  it.each([
    ['Please stop', 'stop'],
    ['stop all of this, it is wrong', 'stop'],
    ['No, I mean the height', 'I mean'],
    ['ENCODE INTO ARIFos. I MEAN I ALREADY FORGED IT', 'I MEAN'],
    ["I changed it to round in AA 50 but that didn't correct it", "didn't correct"],
    ["You didn't answer my question.", "You didn't answer"],
    ['there is no such thing as system settings', 'there is no such thing'],
    ['gh no esta instalado', 'no esta instalado'],
    ['lo de openssl no me va en windows', 'no me va'],
    ['pero digo dispatch la caracteristica de claude desktop', 'pero digo'],
    ['lisa ne répond pas', 'ne répond pas'],
    ['pas de réponse', 'pas de réponse'],
    ['je ne reçois rien', 'je ne reçois rien'],
    ['il y a un gros problème', 'un gros problème'],
    ['non funziona', 'non funziona'],
    ['la CI non passa', 'non passa'],
    ['mancano le checkbox', 'mancano'],
    ['non ho capito, dove sta il tuo piano?', 'non ho capito'],
    ['背景やテキストカラーとかうまく動作していないです', 'うまく動作していない'],
    ['切り替えが動いていない', '動いていない'],
    ['等一下 不是让你自己写skill啊', '不是让你'],
    ['我希望你直接给我数据，而不是给我生成代码', '我希望你直接给我数据，而不是'],
  ])('reads "%s"', (text, match) => {
    expect(reads(text)).toBe(match);
  });

  it.each([
    'i mean its there but how to know when its done',
    'I mean, yes, that is the plan',
    '我怕你在执行过程中大部分精力花在看规则？而不是仔细分析上下文',
    'the menu is nice',
    'ho capito, grazie',
    'I want this to be added to persistent memory for future reference',
    'stop all e2e task',
    '為何要拿掉docker stop "$CONTAINER"?',
  ])('does not read "%s"', (text) => {
    expect(reads(text)).toBeUndefined();
  });
});
