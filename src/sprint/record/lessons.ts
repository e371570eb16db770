import { decisionLogPath, LESSON_AGENTS, type LessonAgent } from '../read/paths.js';
import type { Lesson } from './lesson-types.js';
import { type WriteResult, writeMemoryEntry } from './writers.js';

const FOCUS: Record<LessonAgent, string> = {
  architect: 'architecture',
  'test-architect': 'test strategy',
  security: 'security',
  devops: 'deployment and pipeline',
  sm: 'process',
  pm: 'stakeholder and prioritisation',
};

/** The decision-log payload of one agent for one sprint (its lessons, or the sprint summary alone). */
export function lessonPayload(
  agent: LessonAgent,
  sprintId: string,
  summary: string,
  actionIds: string[],
  lessons: Lesson[],
): string {
  const own = lessons.filter((l) => l.agents.includes(agent));
  return [
    `- decision: ${sprintId} retrospective — ${FOCUS[agent]} lessons`,
    `- sprint: ${summary}`,
    `- action_items: ${actionIds.length > 0 ? actionIds.join(', ') : 'none'}`,
    own.length > 0 ? '- lessons:' : '- lessons: none for this agent',
    ...own.map((l) => `  - [${l.category}] ${l.synopsis}`),
  ].join('\n');
}

interface FanOutResult {
  written: { agent: LessonAgent; result: WriteResult }[];
  /** The agent whose write failed (the fan-out stopped there; earlier writes stay). */
  failed?: { agent: LessonAgent; result: WriteResult };
}

/**
 * Step 5c: one entry per agent in the six decision logs. A failing log is left as it was (the writer
 * restores it); the logs already written keep their entry; the fan-out stops at the failure.
 */
export function fanOutLessons(
  root: string,
  sprintId: string,
  payloadFor: (agent: LessonAgent) => string,
  now: Date,
): FanOutResult {
  const written: FanOutResult['written'] = [];
  for (const agent of LESSON_AGENTS) {
    const result = writeMemoryEntry({
      root,
      target: decisionLogPath(agent),
      sprintId,
      payload: payloadFor(agent),
      now,
    });
    if (result.status !== 'ok' && result.status !== 'skipped_idempotent')
      return { written, failed: { agent, result } };
    written.push({ agent, result });
  }
  return { written };
}
