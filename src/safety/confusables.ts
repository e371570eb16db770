/**
 * Letters of other scripts that look like Latin ones. A rule written with them ("сurl", "bаsh -с" with
 * Cyrillic с and а) reads as the Latin command to the agent that loads it, yet matches no check written in
 * Latin letters. The table is the Latin part of Unicode's confusable skeletons (UTS #39) for the scripts
 * seen in such attacks: Cyrillic, Greek, Armenian and the Latin look-alikes of IPA and Latin Extended;
 * full-width and mathematical letters are NFKC's already.
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  ѵ: 'v',
  ԝ: 'w',
  х: 'x',
  у: 'y',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ԝ: 'W',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Armenian
  օ: 'o',
  ս: 'u',
  ց: 'g',
  հ: 'h',
  // Latin look-alikes (IPA, Latin Extended)
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
  ɩ: 'i',
  ʏ: 'y',
  ʀ: 'r',
  ɴ: 'n',
  ʜ: 'h',
  ꮯ: 'c',
};

const LOOKALIKE_CHARACTER = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');
const COMBINING_MARK = /\p{M}/gu;

/**
 * The Latin skeleton of a text, for checking only: every look-alike letter of the table becomes its Latin
 * letter and combining marks are removed ("с\u0301url" → "curl"). It is never shown or stored; genuine
 * Cyrillic or Greek prose becomes an unreadable mix, which matches none of the command and link checks, so
 * it passes as it did.
 */
export function latinSkeleton(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARK, '')
    .replace(LOOKALIKE_CHARACTER, (c) => LOOKALIKES[c] ?? c)
    .normalize('NFC');
}
