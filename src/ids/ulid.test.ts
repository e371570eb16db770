import { describe, expect, it } from 'vitest';
import { createUlidGenerator, ULID_PATTERN, ulid } from './ulid.js';

describe('ULID generator', () => {
  it('encodes the time in the first 10 characters (Crockford base32)', () => {
    const next = createUlidGenerator({ now: () => 1_469_918_176_385, random: () => new Uint8Array(16) });
    // The reference value from the ULID specification for this timestamp.
    expect(next().slice(0, 10)).toBe('01ARYZ6S41');
  });

  it('stays strictly increasing within one millisecond and when the clock steps back', () => {
    const times = [5000, 5000, 5000, 4000, 6000];
    const next = createUlidGenerator({ now: () => times.shift() ?? 6000, random: () => new Uint8Array(16) });
    const ids = Array.from({ length: 5 }, next);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    expect(ids[1]?.slice(0, 10)).toBe(ids[0]?.slice(0, 10));
    expect(ids[3]?.slice(0, 10)).toBe(ids[0]?.slice(0, 10));
  });

  it('throws when the random part overflows within one millisecond', () => {
    const next = createUlidGenerator({ now: () => 1, random: () => new Uint8Array(16).fill(255) });
    next();
    expect(() => next()).toThrow(/overflowed/);
  });

  it('produces valid ids from the default generator', () => {
    const a = ulid();
    const b = ulid();
    expect(a).toMatch(ULID_PATTERN);
    expect(b > a).toBe(true);
  });
});
