import { describe, expect, it } from 'vitest';
import { parseVerdict, verdictOfLine } from './verdict.js';

describe('verdict lines (design §1 table)', () => {
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

  it.each([
    ['Verdict: Approved', 'APPROVED'],
    ['**Verdict:** Approved with minor notes', 'APPROVED'],
    ['Verdict: Changes requested', 'CHANGES_REQUESTED'],
    ['## Verdict: passed', 'PASSED'],
  ])('reads the verdict word written as prose: %s -> %s', (line, verdict) => {
    expect(verdictOfLine(line)?.verdict).toBe(verdict);
  });

  it.each(['**Verdict**: PASSED', 'Verdict: see below', 'The verdict: PASSED', 'Overall Verdict: PASSED'])(
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
    const none = parseVerdict('# Review\n\n**Verdict**: PASSED\n\nVerdict: looks fine to me\n');
    expect(none.verdict).toBe('UNKNOWN');
    expect(none.warning).toMatch(/parse warning/);
    expect(parseVerdict('').verdict).toBe('UNKNOWN');
  });
});

describe('a verdict written as prose is not a verdict', () => {
  it.each([
    '**Verdict:** AC #6 SATISFIED - the module has 88% coverage',
    '**Verdict:** ✅ PRD alignment confirmed',
    '- **Verdict:** CC 27 is over the threshold',
    'Verdict: AWS deployment works',
  ])('%s', (line) => {
    expect(verdictOfLine(line)).toBeUndefined();
  });

  it('keeps verdict words inside a phrase and a lone capitalised word', () => {
    expect(verdictOfLine('**Verdict:** ✅ APPROVED WITH NOTES')?.verdict).toBe('APPROVED');
    expect(verdictOfLine('**Verdict:** PASSED with two minor notes')?.verdict).toBe('PASSED');
    expect(verdictOfLine('**Verdict:** SHIP_IT.')?.verdict).toBe('SHIP_IT');
  });

  it('says in the warning that the verdict line was prose', () => {
    const parsed = parseVerdict('# Code review\n\n**Verdict:** AC #6 SATISFIED\n');
    expect(parsed.verdict).toBe('UNKNOWN');
    expect(parsed.warning).toMatch(/prose/);
  });
});
