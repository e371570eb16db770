import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './diff.js';

describe('unifiedDiff', () => {
  it('is empty for equal texts and shows a change with three lines of context', () => {
    expect(unifiedDiff('a\n', 'a\n', 'x', 'y')).toBe('');
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n');
    const after = before.replace('5', 'five');
    expect(unifiedDiff(`${before}\n`, `${after}\n`, 'old', 'new')).toBe(
      ['--- old', '+++ new', '@@ -2,7 +2,7 @@', ' 2', ' 3', ' 4', '-5', '+five', ' 6', ' 7', ' 8', ''].join(
        '\n',
      ),
    );
  });

  it('shows a new file as one added hunk', () => {
    expect(unifiedDiff('', '{\n  "a": 1\n}\n', 's', 's')).toBe(
      ['--- s', '+++ s', '@@ -0,0 +1,3 @@', '+{', '+  "a": 1', '+}', ''].join('\n'),
    );
  });

  it('splits distant changes into separate hunks', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const after = [...before];
    after[1] = 'changed 1';
    after[18] = 'changed 18';
    const diff = unifiedDiff(`${before.join('\n')}\n`, `${after.join('\n')}\n`, 'a', 'b');
    expect(diff.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -16,5 +16,5 @@']);
  });
});
