import { describe, expect, it } from 'vitest';
import { isOutcomeHeading, outcomeOfLine, readOutcomeText } from './review-outcome.js';

// Outcome lines in the forms real story files and review logs use (paraphrased).
describe('review outcome lines', () => {
  it.each([
    ['**Outcome:** ✅ **APPROVED**', 'APPROVED', false],
    ['- **Outcome:** APPROVE 9/10 — 3 quick fixes applied', 'APPROVED', false],
    ['> Verdict: ✅ APPROVED - all ACs met', 'APPROVED', false],
    ['**Verdict:** ✅ APPROVED WITH NOTES', 'APPROVED', false],
    ['**Verdict**: NEEDS REVISION', 'CHANGES_REQUESTED', false],
    ['**Verdict**: PASS — no changes needed.', 'PASSED', false],
    ['**Outcome:** **CHANGES REQUESTED**', 'CHANGES_REQUESTED', false],
    ['- Outcome: Changes Requested → Fixed', 'FIXED', true],
    ['**Outcome: Changes Requested → Fixed.**', 'FIXED', true],
    ['Review outcome: CHANGES REQUESTED → Fixed → APPROVED', 'APPROVED', true],
    ['### Outcome: Changes Requested → Fixed → **APPROVED**', 'APPROVED', true],
    ['**Verdict: FAILED → PASSED**', 'PASSED', true],
    ['Gate: CONCERNS → docs/qa/gates/1.3-database-schema.yml', 'CONCERNS', false],
    ['**Gate: FAIL** → docs/qa/gates/2.1-login.yml', 'FAILED', false],
    ['- **Review Outcome**: APPROVED - Story marked as DONE', 'APPROVED', false],
    ['**Verdict:** ❌ **REJECTED** - violates the core value', 'REJECTED', false],
    ['* Outcome: Blocked', 'BLOCKED', false],
  ])('%s -> %s', (line, outcome, rework) => {
    const read = outcomeOfLine(line);
    expect(read?.outcome).toBe(outcome);
    expect(read?.rework).toBe(rework);
    expect(read?.warning).toBeUndefined();
  });

  it.each([
    '**Verdict:** AC #6 SATISFIED - auth module has 88% coverage',
    '- **Outcome:** 6 quick fixes applied, 1 TD story created',
    '- Outcome: Production-ready, all Review 1 issues resolved',
    '**Verdict:** ✅ No split needed. Complexity is manageable.',
    '**Outcome:** 109 findings. 96 fixed, 13 skipped',
    '**Outcome:**',
  ])('%s is UNKNOWN with a warning, never a capitalised token', (line) => {
    const read = outcomeOfLine(line);
    expect(read?.outcome).toBe('UNKNOWN');
    expect(read?.warning).toMatch(/prose|empty/);
  });

  it('ignores lines that are not outcome lines', () => {
    expect(outcomeOfLine('Status: done')).toBeUndefined();
    expect(outcomeOfLine('The outcome was good')).toBeUndefined();
  });

  it('reads the text under an outcome heading', () => {
    expect(isOutcomeHeading('### Outcome')).toBe(true);
    expect(isOutcomeHeading('#### Review Verdict')).toBe(true);
    expect(isOutcomeHeading('### Outcome of the spike')).toBe(false);
    expect(readOutcomeText('Changes Requested → Fixed → Approved')).toMatchObject({
      outcome: 'APPROVED',
      stages: ['CHANGES_REQUESTED', 'FIXED', 'APPROVED'],
      rework: true,
    });
  });
});
