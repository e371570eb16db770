import { describe, expect, it } from 'vitest';
import { vagueActionReason } from './concrete-action.js';

describe('vagueActionReason: an action item is a verb and an object someone can check off', () => {
  it.each([
    ['Try to be better', /an intention/],
    ['We should try to test more', /an intention/],
    ['Be more careful', /an attitude/],
    ['Be more careful with reviews', /an attitude/],
    ['Do better next sprint', /an attitude/],
    ['Keep it in mind', /an attitude/],
    ['Improve X', /not how/],
    ['Improve communication', /not how/],
    ['Focus on quality', /not how/],
    ['Look into the flaky tests', /not how/],
    ['Fix it', /too short/],
    ['Communication', /too short/],
    ['Better estimates for stories', /does not start with what to do|not how/],
  ])('refuses %j, saying why', (text, why) => {
    expect(vagueActionReason(text)).toMatch(why);
    expect(vagueActionReason(text)).toMatch(/e\.g\. "Add a retry test/);
  });

  it.each([
    'Add a retry test to the webhook suite',
    'Update epics.md',
    'Split stories larger than 5 points before planning',
    'Stabilise the flaky integration tests in CI',
    'Improve test coverage of the billing module to 80%',
    'Improve the review checklist by adding a retry case',
    'Document the retry policy in docs/webhooks.md',
    'Review pull requests within 24 hours',
    'Raise any block older than two days at the daily stand-up',
    'Run the performance review of E4-S1 and record the result in its Review Gate',
  ])('accepts %j', (text) => {
    expect(vagueActionReason(text)).toBeUndefined();
  });
});
