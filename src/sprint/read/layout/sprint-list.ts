import type { BoardStory, SprintBoard } from '../board.js';
import { storyState } from '../status-words.js';
import { blocker, field, num, record, text } from './fields.js';

const POINTS = [
  'estimated-points',
  'estimated_points',
  'points',
  'story_points',
  'story-points',
  'estimate',
  'sp',
];
const PLANNED = [
  'committed_points',
  'committed-points',
  'total_points',
  'total-points',
  'planned_points',
  'planned-points',
];

/** Rework an orchestrator records on a story: `rework_count`, and reopens of a story that had failed. */
function reworkOf(story: Record<string, unknown>): BoardStory['rework'] {
  const orch = record(story.orchestrator) ?? {};
  const count =
    num(field(orch, ['rework_count'])) ?? num(field(story, ['rework_count', 'rework-count'])) ?? 0;
  const reasons: string[] = [];
  const feedback = text(orch.last_review_feedback);
  if (count > 0 && feedback) reasons.push(feedback);
  const reopens = Array.isArray(orch.reopen_history) ? orch.reopen_history : [];
  let failedReopens = 0;
  for (const reopen of reopens.map(record)) {
    if (!reopen || text(reopen.prior_status) !== 'failed') continue;
    failedReopens += 1;
    const why = text(reopen.prior_failure_reason) ?? text(reopen.reason);
    if (why) reasons.push(why);
  }
  const total = count + failedReopens;
  return total > 0 ? { count: total, reasons } : undefined;
}

function storyOf(raw: unknown, index: number, warnings: string[], path: string): BoardStory | undefined {
  const story = record(raw);
  const key = story ? text(field(story, ['id', 'key', 'story_id', 'story-id'])) : undefined;
  if (!story || !key) {
    warnings.push(`${path}: story ${index + 1} has no id; skipped`);
    return undefined;
  }
  const status = text(story.status) ?? '';
  const out: BoardStory = {
    key,
    title: text(field(story, ['title', 'name'])) ?? '',
    status,
    state: storyState(status),
  };
  const points = num(field(story, POINTS));
  if (points !== undefined) out.points = points;
  const blockedBy = blocker(field(story, ['blocked-by', 'blocked_by', 'blocker']));
  if (blockedBy) out.blockedBy = blockedBy;
  const rework = reworkOf(story);
  if (rework) out.rework = rework;
  const orch = record(story.orchestrator) ?? {};
  if (
    num(field(orch, ['rework_count'])) !== undefined ||
    text(orch.last_review_at) ||
    num(story.rework_count) !== undefined
  )
    out.reviewRecorded = true;
  const failure = text(orch.last_failure_reason) ?? text(field(story, ['failure_reason', 'failure-reason']));
  if (failure) out.failureReason = failure;
  const review = text(
    field(story, [
      'qa-gate-status',
      'qa_gate_status',
      'gate-status',
      'gate_status',
      'review_status',
      'verdict',
    ]),
  );
  if (review) out.statusReview = review;
  return out;
}

/**
 * Reads a sprint file that lists its stories (`sprint: {id: sprint-01}` or `sprint_id:` with `stories: - id:`),
 * the shape orchestrators and lightweight sprint templates write. The sprint is the one unit.
 */
export function readSprintListBoard(path: string, data: Record<string, unknown>): SprintBoard {
  const warnings: string[] = [];
  const sprint = record(data.sprint) ?? {};
  const number = num(field(data, ['sprint_number', 'sprint-number'])) ?? num(data.sprint);
  const id =
    text(sprint.id) ??
    text(field(data, ['sprint_id', 'sprint-id'])) ??
    (number !== undefined ? `sprint-${number}` : undefined) ??
    text(field(data, ['sprint_name', 'name'])) ??
    'sprint';
  const stories = (Array.isArray(data.stories) ? data.stories : [])
    .map((raw, i) => storyOf(raw, i, warnings, path))
    .filter((s): s is BoardStory => s !== undefined);
  const planned = num(field(data, PLANNED)) ?? num(field(sprint, PLANNED));
  const endDate =
    text(field(sprint, ['end-date', 'end_date'])) ?? text(field(data, ['end_date', 'end-date']));
  const title = text(field(sprint, ['name', 'goal'])) ?? text(field(data, ['sprint_name', 'goal']));
  const status = text(sprint.status) ?? text(data.status);
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
  return {
    layout: 'sprint-list',
    path,
    units: [
      {
        id,
        kind: 'sprint',
        stories,
        ...(title ? { title } : {}),
        ...(status ? { status } : {}),
        ...(planned !== undefined ? { plannedPoints: planned } : {}),
        ...(endDate ? { endDate } : {}),
      },
    ],
    current: id,
    storyFolders: [folder],
    warnings,
  };
}
