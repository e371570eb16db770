import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appendDirective, editDirectives } from '../rules/directives.js';
import { appendLesson } from '../rules/lessons.js';
import { lessonsPath } from '../rules/targets.js';
import { createTestRepo } from '../walk/test-support/repo.js';
import { ruleOfTrial, rulesOnTrial, takenRuleLines } from './trial-rules.js';

const TRIAL = {
  start: '2026-11-20',
  source: 'aaaaaaaa-1111-4222-8333-444444444444#msg-7',
  reviewAfter: '10-sessions',
};

describe('the rules on trial as the "with" arm loads them', () => {
  it('takes every rule with a trial comment, as the trial code wrote it, without the comment; permanent rules stay out', () => {
    const repo = createTestRepo('retrospect-experiment-trial-rules-');
    expect(appendLesson(repo.dir, 'Keep the changelog entry beside the code change.').ok).toBe(true);
    expect(appendLesson(repo.dir, 'Run the check first to see what is expected.', { trial: TRIAL }).ok).toBe(
      true,
    );
    expect(
      editDirectives(repo.dir, 'ic5', (c) =>
        appendDirective(c, 'Read the failing test before the code.', TRIAL),
      ).ok,
    ).toBe(true);
    const before = readFileSync(lessonsPath(repo.dir), 'utf8');
    expect(before).toContain('<!-- trial start=2026-11-20');

    const rules = rulesOnTrial(repo.dir);
    expect(rules?.text).toBe(
      '# Rules on trial\n\n- Read the failing test before the code.\n- Run the check first to see what is expected.\n',
    );
    expect(rules?.source).toBe('the 2 rules on trial');
    expect(rules && takenRuleLines(rules)).toEqual([
      'ic5 #1: Read the failing test before the code.',
      'claude lesson: Run the check first to see what is expected.',
    ]);
    // Reading the project never changes it.
    expect(readFileSync(lessonsPath(repo.dir), 'utf8')).toBe(before);
  });

  it('is undefined when no rule is on trial (a permanent lesson is not one)', () => {
    const repo = createTestRepo('retrospect-experiment-trial-rules-');
    expect(rulesOnTrial(repo.dir)).toBeUndefined();
    appendLesson(repo.dir, 'Keep the changelog entry beside the code change.');
    expect(rulesOnTrial(repo.dir)).toBeUndefined();
  });

  it("takes one trial's rule alone, named by its label or its text; an unknown or ambiguous name is one line", () => {
    const repo = createTestRepo('retrospect-experiment-trial-rules-');
    appendLesson(repo.dir, 'Run the check first to see what is expected.', { trial: TRIAL });
    appendLesson(repo.dir, 'Read the error message before the stack trace.', { trial: TRIAL });
    editDirectives(repo.dir, 'ic5', (c) =>
      appendDirective(c, 'Read the failing test before the code.', TRIAL),
    );
    for (const name of ['ic5 #1', 'IC5#1', 'read the failing test   before the code.']) {
      const one = ruleOfTrial(repo.dir, name);
      expect(one.text).toBe('# Rules on trial\n\n- Read the failing test before the code.\n');
      expect(one.source).toBe('the rule of trial ic5 #1');
    }
    expect(ruleOfTrial(repo.dir, 'Run the check first to see what is expected.').text).toBe(
      '# Rules on trial\n\n- Run the check first to see what is expected.\n',
    );
    expect(() => ruleOfTrial(repo.dir, 'claude lesson')).toThrow(
      /^trial claude lesson: 2 trials are named so in .*; name one by its rule's text \("Run the check first/,
    );
    expect(() => ruleOfTrial(repo.dir, 'ic5 #9')).toThrow(
      /^trial ic5 #9: no trial of that name in .*; the trials are 'ic5 #1', 'claude lesson', 'claude lesson'$/,
    );
  });
});
