import { byScore } from '../scan/filter.js';
import type { SessionRecord } from '../store/types.js';
import type { FlaggedSession } from './types.js';
import { sessionStart } from './weeks.js';

/** How many flagged transcripts the table lists. */
export const TOP_FLAGGED_LIMIT = 25;

/** The highest-scoring flagged transcripts (sub-agents included, labelled by their agent id). */
export function topFlagged(records: readonly SessionRecord[], limit = TOP_FLAGGED_LIMIT): FlaggedSession[] {
  return records
    .filter((r) => r.verdict.passed)
    .sort(byScore)
    .slice(0, limit)
    .map((r) => ({
      project: r.project,
      sessionId: r.parentSessionId ?? r.sessionId,
      agentId: r.agentId,
      start: sessionStart(r),
      score: r.verdict.score,
      signals: { ...r.signalCounts },
      gone: r.gone,
    }));
}
