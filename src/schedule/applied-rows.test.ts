import { describe, expect, it } from 'vitest';
import { parseAppliedRows } from './applied-rows.js';

describe('parseAppliedRows', () => {
  it('splits target, action and summary, keeping tabs inside the summary', () => {
    expect(
      parseAppliedRows([
        'CLAUDE.md\tNEW\tRun the migrations before the tests',
        '.claude/retro/lessons.md\tTIGHTEN\tcolumns\tstay\taligned',
      ]),
    ).toEqual([
      { target: 'CLAUDE.md', action: 'NEW', summary: 'Run the migrations before the tests' },
      { target: '.claude/retro/lessons.md', action: 'TIGHTEN', summary: 'columns\tstay\taligned' },
    ]);
  });

  it('leaves missing fields empty rather than dropping the row', () => {
    expect(parseAppliedRows(['CLAUDE.md', 'CLAUDE.md\tNEW'])).toEqual([
      { target: 'CLAUDE.md', action: '', summary: '' },
      { target: 'CLAUDE.md', action: 'NEW', summary: '' },
    ]);
    expect(parseAppliedRows([])).toEqual([]);
  });
});
