import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemo, DEMO_PROJECT } from '../../test-support/sprint.js';
import { suggestImprovements, suggestWentWell } from '../facilitate/suggest.js';
import { buildSprintReport, renderSprintReport, sprintReportJson } from './report.js';
import { type FindingSource, reviewFeedbackPatterns } from './review-patterns.js';

const NOW = new Date('2026-11-28T15:30:00Z');

function finding(storyKey: string, kind: string, text: string): FindingSource {
  return { storyKey, kind, file: `${kind}-${storyKey}.md`, text };
}

describe('common code review feedback patterns', () => {
  it('groups the demo sprint findings by theme, with counts and the stories they came from', () => {
    const report = buildSprintReport(DEMO_PROJECT, undefined, NOW);
    expect(report.reviewPatterns.map((p) => [p.theme, p.count, p.stories, p.kinds])).toEqual([
      ['idempotency and retries', 2, ['E3-S2'], ['code review', 'story findings']],
      ['constant-time comparison and timing attacks', 2, ['E4-S1'], ['security review', 'story findings']],
    ]);
    expect(renderSprintReport(report)).toContain(
      'Review feedback patterns:\n  idempotency and retries: 2 findings in E3-S2 (code review, story findings)\n',
    );
    expect(sprintReportJson(report).review_patterns).toHaveLength(2);
  });

  it('counts a theme once per finding across stories, and leaves out praise and one-off findings', () => {
    const patterns = reviewFeedbackPatterns([
      finding('S1', 'code review', 'No test covers the empty cart.'),
      finding('S2', 'code review', 'Missing tests for the refund path.'),
      finding('S3', 'qa tests', 'The boundary at 5 minutes is not tested.'),
      finding('S4', 'code review', 'The error from the gateway is swallowed.'),
      // A Change Log is documentation, not logging (docvet epic 12's review findings).
      finding('S5', 'story review', 'Change Log had "(pending)" instead of actual commits'),
      finding('S6', 'story review', 'Template missing `### Change Log` in Dev Agent Record'),
    ]);
    expect(patterns).toEqual([
      {
        theme: 'missing or weak tests',
        count: 3,
        stories: ['S1', 'S2', 'S3'],
        kinds: ['code review', 'qa tests'],
        files: ['code review-S1.md', 'code review-S2.md', 'qa tests-S3.md'],
      },
      {
        theme: 'documentation',
        count: 2,
        stories: ['S5', 'S6'],
        kinds: ['story review'],
        files: ['story review-S5.md', 'story review-S6.md'],
      },
    ]);
  });
});

describe('Review Gate rows', () => {
  it('shows a story whose rows are UNVERIFIED after it reached done, not only in the first-pass count', () => {
    const report = buildSprintReport(DEMO_PROJECT, undefined, NOW);
    // E4-S2 and E4-S3 never reached review: their UNVERIFIED rows are expected, not a problem.
    expect(report.gateProblems).toEqual([
      { storyKey: 'E4-S1', failed: [], unverified: ['Performance Review'] },
    ]);
    expect(renderSprintReport(report)).toContain('Review Gate:\n  E4-S1: UNVERIFIED Performance Review\n');
  });

  it('shows a FAILED row in What Could Improve with an action, and never praises that story', () => {
    const root = copyDemo();
    const story = join(
      root,
      '.gaia/artifacts/implementation-artifacts/epic-3-recurring-invoices/E3-S1-schedule-model/story.md',
    );
    writeFileSync(
      story,
      readFileSync(story, 'utf8').replace('| Security Review | PASSED |', '| Security Review | FAILED |'),
    );
    const report = buildSprintReport(root, undefined, NOW);
    expect(report.gateProblems[0]).toEqual({
      storyKey: 'E3-S1',
      failed: ['Security Review'],
      unverified: [],
    });
    const improvement = suggestImprovements(report).find((i) => i.text.startsWith('E3-S1'));
    expect(improvement).toEqual({
      text: "E3-S1's Review Gate has Security Review FAILED.",
      action: {
        text: 'Fix what the security review of E3-S1 found and re-run it to PASSED',
        owner: 'Tech Lead',
        classification: 'implementation',
      },
    });
    expect(suggestWentWell(report).join(' ')).not.toContain('E3-S1');
  });
});
