import { describe, expect, it } from 'vitest';
import { parseVerdict, verdictOfLine } from './verdict.js';

describe('verdict lines (notes §1 table)', () => {
  it.each([
    ['**Verdict:** PASSED', 'PASSED'],
    ['**Verdict: PASSED**', 'PASSED'],
    ['## Verdict: PASSED', 'PASSED'],
    ['**Verdict: FAILED → PASSED**', 'PASSED'],
    ['Verdict: FAILED -> PASSED', 'PASSED'],
    ['**Verdict:** APPROVE → Review Gate row = PASSED', 'APPROVE'],
    ['**Verdict: REQUEST_CHANGES**', 'REQUEST_CHANGES'],
    ['  ### Verdict : PASSED.', 'PASSED'],
  ])('%s -> %s', (line, verdict) => {
    expect(verdictOfLine(line)?.verdict).toBe(verdict);
  });

  it.each(['**Verdict**: PASSED', 'Verdict: Approved', 'The verdict: PASSED', 'Overall Verdict: PASSED'])(
    '%s is not a verdict line',
    (line) => {
      expect(verdictOfLine(line)).toBeUndefined();
    },
  );

  it('remembers what an arrow overrode, as rework evidence', () => {
    expect(verdictOfLine('**Verdict: FAILED → PASSED**')).toEqual({
      verdict: 'PASSED',
      reworkedFrom: 'FAILED',
    });
    expect(verdictOfLine('**Verdict: REQUEST_CHANGES → PASSED**')?.reworkedFrom).toBe('REQUEST_CHANGES');
    expect(verdictOfLine('**Verdict:** APPROVE → Review Gate row = PASSED')?.reworkedFrom).toBeUndefined();
  });

  it('takes the first verdict line of a report, UNKNOWN with a parse warning when none', () => {
    expect(parseVerdict('# Review\n\n**Verdict:** FAILED\n\nLater: **Verdict:** PASSED\n').verdict).toBe(
      'FAILED',
    );
    const none = parseVerdict('# Review\n\n**Verdict**: PASSED\n\nVerdict: Approved\n');
    expect(none.verdict).toBe('UNKNOWN');
    expect(none.warning).toMatch(/parse warning/);
    expect(parseVerdict('').verdict).toBe('UNKNOWN');
  });
});
