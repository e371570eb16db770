import { blockedSpan, hasRework, readStoryTransitions } from '../read/lifecycle.js';
import type { SprintReviews } from '../read/reviews.js';
import type { SprintStatus } from '../read/status.js';
import { REVIEW_GATE_ROWS, readStoryFile, type StoryFile, storyLocator } from '../read/stories.js';

/** Integer percentage, rounded half up; null when the denominator is zero. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.floor((part * 100) / whole + 0.5);
}

export interface StoryFacts {
  key: string;
  title: string;
  status: string;
  points: number;
  blockedBy: string | null;
  storyFile: StoryFile | undefined;
  rework: boolean;
  firstPass: boolean;
  reachedReview: boolean;
  untriagedFindings: number;
  blockedDays?: number | undefined;
  blockedOngoing?: boolean;
}

export interface SprintMetrics {
  stories: StoryFacts[];
  completion: { done: number; total: number; pct: number | null };
  velocity: { planned: number; completed: number; pct: number | null };
  carryover: string[];
  blocked: string[];
  firstPass: { passed: number; reviewed: number; pct: number | null };
  untriagedFindings: { storyKey: string; finding: string; severity: string }[];
  dod: { checked: number; total: number; pct: number | null };
  missingStoryFiles: string[];
}

function dateMs(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime() + 86_400_000; // end of that day
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? ms + 86_400_000 : ms;
}

/**
 * Every number of the sprint data summary (docs/design/sprint-retro.md §2), computed from the files, never estimated. A story
 * still blocked is counted up to the sprint's end, or up to `now` while the sprint is still running.
 */
export function computeSprintMetrics(
  root: string,
  status: SprintStatus,
  reviews: SprintReviews,
  now: Date = new Date(),
): SprintMetrics {
  const transitions = readStoryTransitions(root);
  const end = dateMs(status.end_date);
  const sprintEnd = end === undefined ? now.getTime() : Math.min(end, now.getTime());
  const locate = storyLocator(root);
  const stories: StoryFacts[] = (status.stories ?? []).map((story) => {
    const storyFile = readStoryFile(root, story.key, locate);
    const reportRework = reviews.reviews.some(
      (r) =>
        r.storyKey === story.key && (r.reworkedFrom === 'FAILED' || r.reworkedFrom === 'REQUEST_CHANGES'),
    );
    const rework = hasRework(transitions, story.key) || reportRework;
    const allPassed = REVIEW_GATE_ROWS.every((row) => storyFile?.reviewGate[row] === 'PASSED');
    const reachedReview = story.status === 'review' || story.status === 'done';
    const span = blockedSpan(transitions, story.key, sprintEnd);
    return {
      key: story.key,
      title: story.title ?? '',
      status: story.status,
      points: story.points ?? 0,
      blockedBy: story.blocked_by ?? null,
      storyFile,
      rework,
      reachedReview,
      firstPass: reachedReview && allPassed && !rework,
      untriagedFindings: storyFile?.findings.filter((f) => !f.triaged).length ?? 0,
      ...(span ? { blockedDays: span.days, blockedOngoing: span.ongoing } : {}),
    };
  });
  const done = stories.filter((s) => s.status === 'done');
  const planned = status.total_points ?? stories.reduce((sum, s) => sum + s.points, 0);
  const completed = done.reduce((sum, s) => sum + s.points, 0);
  const reviewed = stories.filter((s) => s.reachedReview);
  const passed = reviewed.filter((s) => s.firstPass).length;
  const dod = stories.reduce(
    (acc, s) => ({
      checked: acc.checked + (s.storyFile?.dod.checked ?? 0),
      total: acc.total + (s.storyFile?.dod.total ?? 0),
    }),
    { checked: 0, total: 0 },
  );
  return {
    stories,
    completion: { done: done.length, total: stories.length, pct: percent(done.length, stories.length) },
    velocity: { planned, completed, pct: percent(completed, planned) },
    carryover: stories.filter((s) => s.status !== 'done').map((s) => s.key),
    blocked: stories.filter((s) => s.status === 'blocked' || s.blockedBy !== null).map((s) => s.key),
    firstPass: { passed, reviewed: reviewed.length, pct: percent(passed, reviewed.length) },
    untriagedFindings: stories.flatMap((s) =>
      (s.storyFile?.findings ?? [])
        .filter((f) => !f.triaged)
        .map((f) => ({ storyKey: s.key, finding: f.finding, severity: f.severity })),
    ),
    dod: { ...dod, pct: percent(dod.checked, dod.total) },
    missingStoryFiles: stories.filter((s) => !s.storyFile).map((s) => s.key),
  };
}
