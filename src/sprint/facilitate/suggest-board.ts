import type { BoardMetrics } from '../facts/board-metrics.js';
import { nextSprintId } from '../facts/next-sprint.js';
import type { SprintReport } from '../facts/report.js';
import { SENDS_BACK } from '../read/review-words.js';
import type { Improvement } from './suggest.js';

function list(keys: string[]): string {
  if (keys.length <= 1) return keys.join('');
  return `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
}

function unitWord(report: SprintReport): string {
  return report.board?.unitKind === 'epic' ? 'epic' : 'sprint';
}

/**
 * "What Went Well" from a board's files. Praise needs evidence: a story whose review no file describes is
 * not said to have passed, and velocity is named in the unit the file counts (points or stories).
 */
export function boardWentWell(report: SprintReport, m: BoardMetrics): string[] {
  const items: string[] = [];
  const firstPass = m.stories.filter((s) => s.firstPass).map((s) => s.key);
  if (firstPass.length > 0) items.push(`${list(firstPass)} passed review on the first pass.`);
  if (m.velocity.pct !== null && m.velocity.pct >= 100) {
    items.push(
      m.velocityUnit === 'points'
        ? `Velocity met the plan: ${m.velocity.completed} of ${m.velocity.planned} points (${m.velocity.pct}%).`
        : `Every planned story of the ${unitWord(report)} was delivered (${m.velocity.completed} of ${m.velocity.planned}).`,
    );
  }
  if (m.blocked.length === 0) items.push(`No story was blocked this ${unitWord(report)}.`);
  return items;
}

/**
 * "What Could Improve" from a board's files: rework with its reasons, failed stories with theirs, reviews
 * that ended sending the work back, stories whose review outcome is unknown, carryover split by where it
 * stands (a story in review is finished, not re-estimated), status words nobody can count, untriaged findings.
 *
 * Long on purpose: a flat list of independent checks, one block per kind of improvement, in the order the
 * artifact shows them; each block is a few lines and shares only `items` and `next`.
 */
export function boardImprovements(report: SprintReport, m: BoardMetrics): Improvement[] {
  const next = nextSprintId(report.sprintId) ?? `the next ${unitWord(report)}`;
  const items: Improvement[] = [];
  for (const s of m.stories.filter((x) => x.rework)) {
    const why = m.boardFacts[s.key]?.reworkReasons[0] ?? '';
    items.push({
      text: `${s.key} was sent back before it passed (${why.slice(0, 160)}).`,
      action: {
        text: `Walk through the review findings of ${s.key} and add the missed check to the code review checklist`,
        owner: 'Tech Lead',
        classification: 'process',
      },
    });
  }
  for (const s of m.stories.filter((x) => m.boardFacts[x.key]?.state === 'failed')) {
    const reason = m.boardFacts[s.key]?.failureReason;
    items.push({
      text: `${s.key} failed${reason ? `: ${reason.slice(0, 160)}` : ' (no reason recorded)'}.`,
      action: {
        text: `Find out why ${s.key} failed and reopen it with that fixed`,
        owner: 'Tech Lead',
        classification: 'implementation',
      },
    });
  }
  for (const s of m.stories) {
    const f = m.boardFacts[s.key];
    if (!f || f.state === 'failed' || !SENDS_BACK.has(f.reviewOutcome as never)) continue;
    items.push({
      text: `The last review of ${s.key} ended with ${f.reviewOutcome}.`,
      action: {
        text: `Resolve the ${f.reviewOutcome} review of ${s.key}`,
        owner: 'Tech Lead',
        classification: 'implementation',
      },
    });
  }
  if (m.reviewUnknown.length > 0) {
    items.push({
      text: `${list(m.reviewUnknown)} reached review, but no file says how the review went.`,
      action: {
        text: `Record the review outcome (Approved / Changes Requested) in the story files of ${list(m.reviewUnknown)}`,
        owner: 'QA Lead',
        classification: 'process',
      },
    });
  }
  if (m.untriagedFindings.length > 0) {
    const keys = [...new Set(m.untriagedFindings.map((f) => f.storyKey))];
    items.push({
      text: `${m.untriagedFindings.length} review finding${m.untriagedFindings.length === 1 ? '' : 's'} without a resolution in ${list(keys)}.`,
      action: {
        text: `Triage the open findings of ${list(keys)} before planning ${next}`,
        owner: 'Scrum Master',
        classification: 'clarification',
      },
    });
  }
  const inReview = m.carryover.filter((k) => m.stories.find((s) => s.key === k)?.reachedReview);
  const notDone = m.carryover.filter((k) => !inReview.includes(k) && m.boardFacts[k]?.state !== 'failed');
  if (inReview.length > 0) {
    items.push({
      text: `${list(inReview)} ${inReview.length === 1 ? 'is' : 'are'} in review but not done.`,
      action: {
        text: `Finish the review of ${list(inReview)} before new work starts`,
        owner: 'Tech Lead',
        classification: 'process',
      },
    });
  }
  if (notDone.length > 0) {
    items.push({
      text: `${list(notDone)} carried over (${notDone.length} of ${m.completion.total} stories not delivered).`,
      action: {
        text: `Re-plan ${list(notDone)} before ${next} starts`,
        owner: 'Product Owner',
        classification: 'process',
      },
    });
  }
  if (m.unknownStatuses.length > 0) {
    const words = m.unknownStatuses.map((u) => `${u.key} '${u.status}'`);
    items.push({
      text: `${list(words)}: status words that cannot be counted as done or not done.`,
      action: {
        text: `Use a known status word (done, in-progress, review, backlog, blocked, wont-do) for ${list(m.unknownStatuses.map((u) => u.key))}`,
        owner: 'Scrum Master',
        classification: 'process',
      },
    });
  }
  return items;
}
