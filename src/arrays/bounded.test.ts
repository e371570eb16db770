import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from './bounded.js';

describe('bounded array helpers', () => {
  const many = Array.from({ length: 500_000 }, (_, i) => (i * 7919) % 1_000_003);

  it('the spread forms overflow the stack on half a million values; these do not', () => {
    expect(() => Math.max(...many)).toThrow(RangeError);
    const sorted = [...many].sort((a, b) => a - b);
    expect(maxOf(many)).toBe(sorted[sorted.length - 1]);
    expect(minOf(many)).toBe(sorted[0]);
    const target = [1];
    expect(() => [].push(...(many as never[]))).toThrow(RangeError);
    expect(pushAll(target, many)).toHaveLength(500_001);
    expect(target[1]).toBe(many[0]);
  });

  it('give Math.max and Math.min results on short lists, the empty value when none, NaN as Math does', () => {
    expect(maxOf([3, 9, 2])).toBe(9);
    expect(minOf([3, 9, 2])).toBe(2);
    expect(maxOf([])).toBe(Number.NEGATIVE_INFINITY);
    expect(maxOf([], 0)).toBe(0);
    expect(minOf([], 5)).toBe(5);
    expect(maxOf([1, Number.NaN, 2])).toBeNaN();
  });
});
