import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemo, DEMO_PROJECT, snapshotFiles, tempRoot } from '../../test-support/sprint.js';
import { IA } from '../read/paths.js';
import { buildSprintReport, sprintReportJson } from './report.js';

describe('sprint report on the demo project', () => {
  const before = snapshotFiles(DEMO_PROJECT);
  const report = buildSprintReport(DEMO_PROJECT);
  const m = report.metrics;

  it('computes the hand-counted metrics', () => {
    expect(report.sprintId).toBe('sprint-7');
    // done: E3-S1 5, E3-S2 8, E3-S3 3, E4-S1 5 = 21 of total_points 26 -> 80.8% -> 81
    expect(m.completion).toEqual({ done: 4, total: 6, pct: 67 });
    expect(m.velocity).toEqual({ planned: 26, completed: 21, pct: 81 });
    expect(m.carryover).toEqual(['E4-S2', 'E4-S3']);
    expect(m.blocked).toEqual(['E4-S3']);
    // E3-S2 has a review -> in-progress event; E4-S1 an UNVERIFIED performance row
    expect(m.firstPass).toEqual({ passed: 2, reviewed: 4, pct: 50 });
    expect(m.stories.filter((s) => s.firstPass).map((s) => s.key)).toEqual(['E3-S1', 'E3-S3']);
    expect(m.untriagedFindings.map((f) => f.storyKey)).toEqual(['E3-S2', 'E4-S1', 'E4-S1']);
    expect(m.dod).toEqual({ checked: 14, total: 20, pct: 70 });
    expect(m.missingStoryFiles).toEqual([]);
  });

  it('measures blocked durations from lifecycle events', () => {
    const e4s3 = m.stories.find((s) => s.key === 'E4-S3')!;
    // blocked 2026-11-19T10:00Z, never unblocked: counted to the end of end_date 2026-11-27 -> 8.58 days
    expect(e4s3).toMatchObject({ blockedDays: 8.6, blockedOngoing: true });
    const e4s1 = m.stories.find((s) => s.key === 'E4-S1')!;
    expect(e4s1).toMatchObject({ blockedDays: 1.3, blockedOngoing: false });
  });

  it('counts an open block only up to now while the sprint is still running', () => {
    const midSprint = buildSprintReport(DEMO_PROJECT, undefined, new Date('2026-11-21T10:00:00Z'));
    expect(midSprint.metrics.stories.find((s) => s.key === 'E4-S3')).toMatchObject({
      blockedDays: 2,
      blockedOngoing: true,
    });
  });

  it('finds story files in all three layouts', () => {
    const paths = m.stories.map((s) => s.storyFile?.path);
    expect(paths).toContain(`${IA}/epic-3-recurring-invoices/E3-S1-schedule-model/story.md`);
    expect(paths).toContain(`${IA}/epic-4-payment-webhooks/stories/E4-S1-webhook-signature-verification.md`);
    expect(paths).toContain(`${IA}/E4-S3-webhook-dead-letter-queue.md`);
  });

  it("reads this sprint's review verdicts only", () => {
    const json = sprintReportJson(report) as {
      reviews: { artifact: string; verdict: string; note: string }[];
    };
    const verdicts = Object.fromEntries(json.reviews.map((r) => [r.artifact.split('/').pop(), r.verdict]));
    expect(verdicts).toEqual({
      'code-review-E3-S1.md': 'PASSED',
      'qa-tests-E3-S1.md': 'PASSED',
      'code-review-E3-S2.md': 'PASSED',
      'performance-review-E3-S2.md': 'APPROVED',
      'qa-tests-E3-S3.md': 'APPROVE',
      'code-review-E4-S1.md': 'PASSED',
      'security-review-E4-S1.md': 'REQUEST_CHANGES',
    });
    // `Verdict: Approved` is read as the word it is; no review is left unread.
    expect(json.reviews.filter((r) => r.verdict === 'UNKNOWN')).toEqual([]);
    expect(json.reviews.some((r) => r.artifact.includes('E2-S4'))).toBe(false);
  });

  it('says so explicitly when a sprint has no review artifacts', () => {
    const root = copyDemo();
    writeFileSync(
      join(root, '.gaia/state/sprint-status.yaml'),
      'sprint_id: sprint-8\nstories:\n  - key: E5-S1\n    status: in-progress\n    points: 3\n',
    );
    const next = buildSprintReport(root);
    expect(next.reviews).toEqual({ reviews: [], note: 'no review artifacts for sprint sprint-8' });
    expect(next.metrics.velocity).toEqual({ planned: 3, completed: 0, pct: 0 });
  });

  it('leaves every input byte-identical', () => {
    buildSprintReport(DEMO_PROJECT);
    expect(snapshotFiles(DEMO_PROJECT)).toEqual(before);
  });
});

describe('sprint resolution', () => {
  it('falls back to the docs status file and to the archive for an older sprint', () => {
    const root = tempRoot();
    mkdirSync(join(root, 'docs/implementation-artifacts'), { recursive: true });
    mkdirSync(join(root, '.gaia/state'), { recursive: true });
    writeFileSync(join(root, '.gaia/state/sprint-status.yaml'), '');
    writeFileSync(
      join(root, 'docs/implementation-artifacts/sprint-status.yaml'),
      'sprint_id: sprint-3\nstories:\n  - {key: E1-S1, status: done, points: 2}\n',
    );
    expect(buildSprintReport(root).statusPath).toBe('docs/implementation-artifacts/sprint-status.yaml');
    mkdirSync(join(root, IA, 'sprint-archive'), { recursive: true });
    writeFileSync(
      join(root, IA, 'sprint-archive/sprint-2-closed-2026-10-01.yaml'),
      'sprint_id: sprint-2\ntotal_points: 0\nstories:\n  - {key: E0-S1, status: done, points: 1}\n',
    );
    const archived = buildSprintReport(root, 'sprint-2');
    expect(archived.metrics.velocity).toEqual({ planned: 0, completed: 1, pct: null });
  });

  it('says where it looked when no sprint can be found', () => {
    const root = tempRoot();
    expect(() => buildSprintReport(root)).toThrow(
      /no sprint status file found \(looked at .*sprint-status\.yaml/,
    );
  });
});
