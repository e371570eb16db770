import { describe, expect, it } from 'vitest';
import { hitsByRate } from './length.js';

describe('hitsByRate', () => {
  const runs = ['a', 'b', 'c', 'd', 'e'];

  it('keeps every hit up to ten requests', () => {
    expect(hitsByRate(runs, 0)).toEqual(runs);
    expect(hitsByRate(runs, 10)).toEqual(runs);
  });

  it('counts one per ten requests beyond that, rounded, keeping the first hits', () => {
    expect(hitsByRate(runs, 20)).toEqual(['a', 'b', 'c']); // 2.5 rounds up
    expect(hitsByRate(runs, 46)).toEqual(['a']); // 1.09
    expect(hitsByRate(['a', 'b'], 46)).toEqual([]); // 0.43
    expect(hitsByRate(['a', 'b'], 15)).toEqual(['a']); // 1.33
  });
});
