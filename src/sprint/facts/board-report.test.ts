import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshotFiles } from '../../test-support/sprint.js';
import { boardMetricsOf, buildSprintReport, sprintReportJson } from './report.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const fixture = (name: string) => join(FIXTURES, name);

function board(name: string, unit?: string) {
  const report = buildSprintReport(fixture(name), unit);
  const m = boardMetricsOf(report);
  if (!m) throw new Error(`${name} was read as .gaia/`);
  return { report, m, json: sprintReportJson(report) as Record<string, unknown> };
}

// Every number below was counted by hand from the fixture's files.
describe('BMAD epics under _bmad-output/implementation-artifacts', () => {
  it("epic-7: a won't-do story leaves the totals; rework and an empty outcome are told apart", () => {
    const { m, json } = board('bmad-output', 'epic-7');
    expect(json.layout).toBe('bmad');
    expect(m.completion).toEqual({ done: 3, total: 3, pct: 100 });
    expect(m.velocity).toEqual({ planned: 3, completed: 3, pct: 100 });
    expect(m.velocityUnit).toBe('stories');
    expect(m.carryover).toEqual([]);
    expect(m.dropped).toEqual(['7-4-legacy-ignore-file']);
    // 7-1 went Changes Requested → Fixed → Approved; 7-3 approved; 7-2's outcome is empty: unknown.
    expect(m.firstPass).toEqual({ passed: 1, reviewed: 2, pct: 50 });
    expect(m.reviewUnknown).toEqual(['7-2-ignore-pattern-docs']);
    expect(m.boardFacts['7-1-trailing-slash-patterns']?.reworkReasons[0]).toMatch(
      /Changes Requested → Fixed → Approved/,
    );
    // F3 of 7-1 has no resolution; M1 of 7-3 went to the backlog, which is a triage.
    expect(m.untriagedFindings).toEqual([
      {
        storyKey: '7-1-trailing-slash-patterns',
        finding: 'No test for the bare `**` pattern',
        severity: 'LOW',
      },
    ]);
    expect(m.dod).toEqual({ checked: 4, total: 5, pct: 80 });
    expect(m.warnings.join('\n')).toMatch(/7-2-ignore-pattern-docs 'done' vs 'review'/);
    expect(m.warnings.join('\n')).toMatch(/7-2-ignore-pattern-docs: the review outcome is empty/);
  });

  it('epic-8 (the current epic): follow-ups and prose outcomes, split and code-review words', () => {
    const { report, m } = board('bmad-output');
    expect(report.sprintId).toBe('epic-8');
    expect(m.completion).toEqual({ done: 2, total: 5, pct: 40 });
    expect(m.carryover).toEqual(['8-3-fix-cli-wiring', '8-4-inline-suppression', '8-5-suppression-report']);
    expect(m.dropped).toEqual(['8-6-sarif-output']);
    // 8-2 approved; 8-3 has [AI-Review] follow-ups; 8-1's outcome and its review log are prose.
    expect(m.firstPass).toEqual({ passed: 1, reviewed: 2, pct: 50 });
    expect(m.reviewUnknown).toEqual(['8-1-fix-spike']);
    expect(m.boardFacts['8-3-fix-cli-wiring']?.reworkReasons[0]).toMatch(/2 review follow-ups/);
    const notes = report.reviews.reviews.filter((r) => r.storyKey === '8-1-fix-spike').map((r) => r.note);
    expect(notes).toEqual([expect.stringMatching(/prose/), expect.stringMatching(/prose/)]);
  });

  it('finds the themes the team carried across retros, whatever their tails', () => {
    const { report } = board('bmad-output', 'epic-8');
    const themes = Object.fromEntries(report.themes.themes.map((t) => [t.text, t.sprints]));
    expect(themes).toEqual({
      'README stale module list section': ['epic-6', 'epic-7'],
      'Add a `Branch` field to the create-story template': ['epic-6', 'epic-7'],
    });
    expect(report.themes.warnings).toEqual([]);
  });

  it('an id that does not exist is an error, not 0/0', () => {
    expect(() => buildSprintReport(fixture('bmad-output'), 'epic-99')).toThrow(
      /epic-99 does not exist in _bmad-output\/implementation-artifacts\/sprint-status.yaml \(bmad layout\); it has epic-6, epic-7, epic-8/,
    );
    expect(board('bmad-output', '7').report.sprintId).toBe('epic-7');
    expect(board('bmad-output', 'Epic 7').report.sprintId).toBe('epic-7');
  });
});

describe('BMAD epics under docs/sprint-artifacts, with points and QA gates', () => {
  it('epic-3: points from status comments, deployed is done, a skipped story is dropped', () => {
    const { m } = board('sprint-artifacts', 'epic-3');
    expect(m.completion).toEqual({ done: 4, total: 4, pct: 100 });
    expect(m.velocity).toEqual({ planned: 11, completed: 11, pct: 100 });
    expect(m.velocityUnit).toBe('points');
    expect(m.dropped).toEqual(['3-4-offline-mode']);
    // 3-1 reviewed twice (Changes Requested, then Approve); 3-2 PASS and 3-3 CONCERNS gates; TD-3-1 no file.
    expect(m.firstPass).toEqual({ passed: 2, reviewed: 3, pct: 67 });
    expect(m.reviewUnknown).toEqual(['TD-3-1-scan-queue-tests']);
    expect(m.missingStoryFiles).toEqual(['TD-3-1-scan-queue-tests']);
  });

  it('epic-4: an unknown status word is reported, never counted as carryover', () => {
    const { m, json } = board('sprint-artifacts', 'epic-4');
    expect(m.completion).toEqual({ done: 1, total: 4, pct: 25 });
    expect(m.velocity).toEqual({ planned: 9, completed: 3, pct: 33 });
    expect(m.carryover).toEqual(['4-2-credit-warning', '4-3-batch-insights']);
    expect(m.dropped).toEqual(['4-4-export-csv']);
    expect(json.status_unknown).toEqual([{ key: '4-5-batch-undo', status: 'sparkling' }]);
    expect(m.warnings.join('\n')).toMatch(/status 'sparkling' is not a known status word/);
    expect(m.firstPass).toEqual({ passed: 1, reviewed: 2, pct: 50 });
  });

  it('epics archived in another status file are read from it', () => {
    const { m } = board('sprint-artifacts', 'epic-2');
    expect(m.completion).toEqual({ done: 2, total: 3, pct: 67 });
    expect(m.velocity).toEqual({ planned: 10, completed: 8, pct: 80 });
  });

  it('themes from retros in sub-folders, tables and combined-epic names', () => {
    const { report } = board('sprint-artifacts', 'epic-4');
    expect(report.themes.themes.map((t) => [t.text, t.sprints])).toEqual([
      ['Bound every retry loop (Epic 2 review)', ['epic-2-3', 'epic-3']],
    ]);
  });
});

describe('other layouts', () => {
  it('a nested status file is found by search, before test fixtures', () => {
    const { report, m } = board('nested');
    expect(report.statusPath).toBe('backend/docs/sprint-status.yaml');
    expect(report.sprintId).toBe('epic-1');
    expect(m.completion).toEqual({ done: 3, total: 4, pct: 75 });
    expect(m.carryover).toEqual(['1-4-cli-foundation']);
    // 1-1 approved in its story file, 1-3 approved in the status comment, 1-2 approved on a re-review.
    expect(m.firstPass).toEqual({ passed: 2, reviewed: 3, pct: 67 });
    expect(board('nested', 'epic-0').m.completion).toEqual({ done: 1, total: 1, pct: 100 });
  });

  it('a sprint file with a story list and estimated points', () => {
    const { report, m } = board('sprint-list');
    expect(report.sprintId).toBe('sprint-01');
    expect(m.completion).toEqual({ done: 3, total: 5, pct: 60 });
    expect(m.velocity).toEqual({ planned: 15, completed: 10, pct: 67 });
    expect(m.carryover).toEqual(['story-004', 'story-005']);
    expect(m.blocked).toEqual(['story-004']);
    // story-001's draft review asked for revision; 002 and 003 passed.
    expect(m.firstPass).toEqual({ passed: 2, reviewed: 3, pct: 67 });
    expect(board('sprint-list', 'sprint-1').report.sprintId).toBe('sprint-01');
  });

  it('an orchestrator sprint: rework counts, failed reopens and a failed story with its reason', () => {
    const { m, json } = board('orchestrator');
    expect(m.completion).toEqual({ done: 3, total: 5, pct: 60 });
    expect(m.carryover).toEqual(['4', '5']);
    expect(m.firstPass).toEqual({ passed: 1, reviewed: 4, pct: 25 });
    const stories = json.stories as { key: string; failure_reason?: string; rework_reasons: string[] }[];
    expect(stories.find((s) => s.key === '4')?.failure_reason).toMatch(/Branch cut from main/);
    expect(stories.find((s) => s.key === '2')?.rework_reasons[0]).toMatch(/no commits/);
    expect(stories.find((s) => s.key === '3')?.rework_reasons[0]).toMatch(/grep on a folder/);
    expect(m.missingStoryFiles).toEqual([]);
  });

  it('an epics map: its own ids, skipped stories dropped, unknown first pass stays unknown', () => {
    const { report, m, json } = board('epics-map');
    expect(report.sprintId).toBe('E6');
    expect(m.completion).toEqual({ done: 2, total: 3, pct: 67 });
    expect(m.dropped).toEqual(['S6.1']);
    expect(m.carryover).toEqual(['S6.4']);
    expect(m.firstPass).toEqual({ passed: 0, reviewed: 0, pct: null });
    expect(json.first_pass).toEqual({ passed: 0, reviewed: 0, pct: null, unknown: ['S6.2', 'S6.3', 'S6.4'] });
    expect(board('epics-map', 'E5').m.completion).toEqual({ done: 3, total: 3, pct: 100 });
  });

  it('a file that is not understood is an error that says what was found', () => {
    expect(() => buildSprintReport(fixture('unreadable'))).toThrow(
      /found 2 sprint status files but could not read any, so nothing was written:\n {2}backend\/sprint-status.yaml \(found by search\): a list, not a mapping/,
    );
  });

  it('reads the fixtures without changing a byte', () => {
    const before = snapshotFiles(FIXTURES);
    for (const name of [
      'bmad-output',
      'sprint-artifacts',
      'nested',
      'sprint-list',
      'orchestrator',
      'epics-map',
    ])
      buildSprintReport(fixture(name));
    expect(snapshotFiles(FIXTURES)).toEqual(before);
  });
});
