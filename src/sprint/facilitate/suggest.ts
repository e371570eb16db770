import { nextSprintId } from '../facts/next-sprint.js';
import { boardMetricsOf, type SprintReport } from '../facts/report.js';
import { sameThemeHash, themeKey } from '../facts/theme-key.js';
import { boardImprovements, boardWentWell } from './suggest-board.js';

/** One action item as the facilitator accepts it: an owner and a target sprint are required. */
export interface DraftActionItem {
  text: string;
  owner: string;
  target_sprint: string;
  priority: 'high' | 'medium';
  classification?: string;
  type?: string;
}

export interface Improvement {
  text: string;
  /** The action proposed for it; facilitator-added improvements get a plain follow-up. */
  action: Omit<DraftActionItem, 'priority' | 'target_sprint'>;
}

function list(keys: string[]): string {
  if (keys.length <= 1) return keys.join('');
  return `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
}

/** Review outcomes "What Could Improve" lists as a review that ended badly. */
const ENDED_BADLY = ['FAILED', 'REQUEST_CHANGES'];

/**
 * The stories "What Could Improve" names: reworked, a review that ended badly, untriaged findings,
 * blocked, carried over. None of them is praised under "What Went Well" too: one story on both sides
 * reads as a contradiction, and the open problem is the news.
 */
function storiesToImprove(report: SprintReport): Set<string> {
  const m = report.metrics;
  return new Set([
    ...m.stories.filter((s) => s.rework).map((s) => s.key),
    ...report.reviews.reviews.filter((r) => ENDED_BADLY.includes(r.verdict)).map((r) => r.storyKey),
    ...m.untriagedFindings.map((f) => f.storyKey),
    ...m.blocked,
    ...m.carryover,
    ...report.gateProblems.map((g) => g.storyKey),
  ]);
}

/** Data-driven "What Went Well" items (seed Step 3), about stories "What Could Improve" does not name. */
export function suggestWentWell(report: SprintReport): string[] {
  const board = boardMetricsOf(report);
  if (board) return boardWentWell(report, board);
  const m = report.metrics;
  const items: string[] = [];
  const toImprove = storiesToImprove(report);
  const firstPass = m.stories.filter((s) => s.firstPass && !toImprove.has(s.key)).map((s) => s.key);
  if (firstPass.length > 0) items.push(`${list(firstPass)} passed all six reviews on the first pass.`);
  if (m.velocity.pct !== null && m.velocity.pct >= 100) {
    items.push(
      `Velocity met the plan: ${m.velocity.completed} of ${m.velocity.planned} points (${m.velocity.pct}%).`,
    );
  }
  const noRework = m.stories
    .filter((s) => s.status === 'done' && !s.rework && !s.firstPass && !toImprove.has(s.key))
    .map((s) => s.key);
  if (noRework.length > 0) items.push(`${list(noRework)} reached done without review rework.`);
  const quick = m.stories.filter(
    (s) => s.blockedDays !== undefined && !s.blockedOngoing && s.blockedDays <= 2,
  );
  for (const s of quick.filter((x) => !toImprove.has(x.key)))
    items.push(`The block on ${s.key} was resolved in ${s.blockedDays} days.`);
  if (m.blocked.length === 0 && quick.length === 0) items.push('No story was blocked this sprint.');
  return items;
}

/** Data-driven "What Could Improve" items (seed Step 4), each with the action proposed for it. */
export function suggestImprovements(report: SprintReport): Improvement[] {
  const board = boardMetricsOf(report);
  if (board) return [...boardImprovements(report, board), ...patternImprovements(report)];
  const m = report.metrics;
  const next = nextSprintId(report.sprintId) ?? 'the next sprint';
  const items: Improvement[] = [];
  for (const s of m.stories.filter((x) => x.rework)) {
    const arrow = report.reviews.reviews.find((r) => r.storyKey === s.key && r.reworkedFrom);
    const via = arrow ? ` (${arrow.type.replace(/-/g, ' ')} ${arrow.reworkedFrom} → ${arrow.verdict})` : '';
    items.push({
      text: `${s.key} cycled back from review to in-progress before passing${via}.`,
      action: {
        text: `Walk through the review findings of ${s.key} and add the missed check to the code review checklist`,
        owner: 'Tech Lead',
        classification: 'process',
      },
    });
  }
  const blocking = report.reviews.reviews.filter((r) => ENDED_BADLY.includes(r.verdict));
  for (const r of blocking) {
    items.push({
      text: `The ${r.type.replace(/-/g, ' ')} of ${r.storyKey} ended with ${r.verdict}.`,
      action: {
        text: `Resolve the ${r.verdict} of the ${r.type.replace(/-/g, ' ')} of ${r.storyKey}`,
        owner: 'Tech Lead',
        classification: 'implementation',
      },
    });
  }
  if (m.untriagedFindings.length > 0) {
    const keys = [...new Set(m.untriagedFindings.map((f) => f.storyKey))];
    items.push({
      text: `${m.untriagedFindings.length} untriaged finding${m.untriagedFindings.length === 1 ? '' : 's'} left in ${list(keys)}.`,
      action: {
        text: `Triage the open findings of ${list(keys)} before planning ${next}`,
        owner: 'Scrum Master',
        classification: 'clarification',
      },
    });
  }
  for (const s of m.stories.filter((x) => m.blocked.includes(x.key))) {
    const how =
      s.blockedDays === undefined
        ? ''
        : ` for ${s.blockedDays} days${s.blockedOngoing ? ', still blocked' : ''}`;
    items.push({
      text: `${s.key} was blocked${s.blockedBy ? ` by ${s.blockedBy}` : ''}${how}.`,
      action: {
        text: `Unblock ${s.key}${s.blockedBy ? ` by finishing ${s.blockedBy} first` : ''} or take it out of ${next}`,
        owner: 'Scrum Master',
        classification: 'process',
      },
    });
  }
  if (m.carryover.length > 0) {
    const left = m.velocity.planned - m.velocity.completed;
    items.push({
      text: `${list(m.carryover)} carried over (${left} of ${m.velocity.planned} points not delivered).`,
      action: {
        text: `Re-estimate ${list(m.carryover)} before they enter ${next}`,
        owner: 'Product Owner',
        classification: 'process',
      },
    });
  }
  const unreadable = report.reviews.reviews.filter((r) => r.verdict === 'UNKNOWN');
  if (unreadable.length > 0) {
    const names = unreadable.map((r) => `${r.type}-${r.storyKey}`);
    items.push({
      text: `${list(names)} ha${unreadable.length === 1 ? 's' : 've'} no readable verdict line.`,
      action: {
        text: `Give ${list(names)} a "**Verdict:** WORD" line`,
        owner: 'QA Lead',
        classification: 'process',
      },
    });
  }
  items.push(...gateRowImprovements(report), ...patternImprovements(report));
  return items;
}

const REVIEW_OF_ROW: Record<string, string> = {
  'Code Review': 'code review',
  'QA Tests': 'QA tests',
  'Security Review': 'security review',
  'Test Automation': 'test automation review',
  'Test Review': 'test review',
  'Performance Review': 'performance review',
};

/** A FAILED Review Gate row, or rows left UNVERIFIED by a story that went on, as "What Could Improve". */
function gateRowImprovements(report: SprintReport): Improvement[] {
  return report.gateProblems.flatMap((g) => {
    const items: Improvement[] = [];
    if (g.failed.length > 0)
      items.push({
        text: `${g.storyKey}'s Review Gate has ${list(g.failed)} FAILED.`,
        action: {
          text: `Fix what the ${list(g.failed.map((r) => REVIEW_OF_ROW[r] ?? r))} of ${g.storyKey} found and re-run ${g.failed.length === 1 ? 'it' : 'them'} to PASSED`,
          owner: 'Tech Lead',
          classification: 'implementation',
        },
      });
    if (g.unverified.length > 0) {
      const story = report.metrics.stories.find((s) => s.key === g.storyKey);
      items.push({
        text: `${g.storyKey} reached ${story?.status ?? 'review'} with ${list(g.unverified)} still UNVERIFIED in its Review Gate.`,
        action: {
          text: `Run the ${list(g.unverified.map((r) => REVIEW_OF_ROW[r] ?? r))} of ${g.storyKey} and record the result in its Review Gate`,
          owner: 'QA Lead',
          classification: 'process',
        },
      });
    }
    return items;
  });
}

/** Themes the sprint's review findings keep returning to (seed Step 4, "common code review feedback patterns"). */
function patternImprovements(report: SprintReport): Improvement[] {
  return report.reviewPatterns.map((p) => ({
    text: `Review feedback kept returning to ${p.theme}: ${p.count} findings in ${list(p.stories)} (${list(p.kinds)}).`,
    action: {
      text: `Add a check for ${p.theme} to the code review checklist`,
      owner: 'Tech Lead',
      classification: 'process',
    },
  }));
}

/**
 * The action of an improvement the facilitator added by hand: none yet. No placeholder text ("Follow up:
 * …") is proposed, since one is easy to accept as it is and is no action anybody can check off; the
 * facilitator is asked for the action (a verb and an object) and an owner.
 */
export function noActionYet(): Improvement['action'] {
  return { text: '', owner: '', classification: 'process' };
}

/** High priority when the item's theme was already seen in another sprint. */
export function priorityFor(text: string, report: SprintReport): 'high' | 'medium' {
  const hash = themeKey(text);
  const recurring = report.themes.occurrences.some(
    (o) => o.sprintId !== report.sprintId && sameThemeHash(o.hash, hash),
  );
  return recurring ? 'high' : 'medium';
}
