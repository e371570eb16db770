import { describe, expect, it } from 'vitest';
import { insertedLines, isTrivialLine, normaliseLine } from './lines.js';

describe('insertedLines', () => {
  it('counts the lines a diff would show as added: written lines and moved ones, not kept ones', () => {
    expect(insertedLines(['a', 'b', 'c'], ['a', 'x', 'b', 'c'])).toEqual(['x']);
    // `c` moved to the top: a line diff shows it added there (and removed below).
    expect(insertedLines(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(['c']);
    expect(insertedLines(['only context'], ['only context'])).toEqual([]);
    expect(insertedLines([], ['new'])).toEqual(['new']);
  });

  it('is a shortest edit script: what it does not count as inserted is a longest common subsequence', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: 1 + Math.floor(random() * 25) }, () => String(Math.floor(random() * 6)));
      const b = Array.from({ length: 1 + Math.floor(random() * 25) }, () => String(Math.floor(random() * 6)));
      const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++)
          lcs[i]![j] =
            a[i - 1] === b[j - 1] ? lcs[i - 1]![j - 1]! + 1 : Math.max(lcs[i - 1]![j]!, lcs[i]![j - 1]!);
      expect(b.length - insertedLines(a, b).length).toBe(lcs[a.length]![b.length]);
    }
  });
});

describe('isTrivialLine', () => {
  it('leaves out lines any author writes: braces, blank lines, closing tags, block words', () => {
    for (const line of ['}', '', ');', '---', '</div>', 'end', '} else {', 'fi', '*/'])
      expect(isTrivialLine(normaliseLine(line)), line).toBe(true);
    for (const line of ['return total;', 'end_time = now()', '<% end %>x', 'x = 1', '# Heading'])
      expect(isTrivialLine(normaliseLine(line)), line).toBe(false);
  });
});
