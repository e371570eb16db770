import { describe, expect, it } from 'vitest';
import { weekOf, weeksBefore, weeksBetween } from './weeks.js';

describe('weeks', () => {
  it('puts an instant in the week of its Monday, in UTC', () => {
    expect(weekOf('2026-10-05T00:00:00.000Z')).toBe('2026-10-05'); // a Monday
    expect(weekOf('2026-10-11T23:59:59.999Z')).toBe('2026-10-05'); // the Sunday after
    expect(weekOf('2026-10-12T00:00:00.000Z')).toBe('2026-10-12');
    // 01:00 on Monday in Berlin is still Sunday in UTC.
    expect(weekOf('2026-10-12T01:00:00+02:00')).toBe('2026-10-05');
  });

  it('lists every week between two Mondays, across a year end', () => {
    expect(weeksBetween('2026-12-21', '2027-01-11')).toEqual([
      '2026-12-21',
      '2026-12-28',
      '2027-01-04',
      '2027-01-11',
    ]);
    expect(weeksBetween('2026-10-05', '2026-10-05')).toEqual(['2026-10-05']);
  });

  it('counts whole weeks back from a Monday, across a year end', () => {
    expect(weeksBefore('2027-01-11', 3)).toBe('2026-12-21');
    expect(weeksBefore('2026-10-05', 0)).toBe('2026-10-05');
  });
});
