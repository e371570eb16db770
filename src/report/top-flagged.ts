import { byScore } from '../scan/filter.js';
import type { SessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import { signalDrill } from './excerpts.js';
import type { FlaggedSession } from './types.js';

/** How many flagged transcripts the table lists. */
const TOP_FLAGGED_LIMIT = 25;

/** The highest-scoring flagged transcripts (sub-agents included, labelled by their agent id). */
export function topFlagged(
  records: readonly SessionRecord[],
  starts: SessionStarts,
  limit = TOP_FLAGGED_LIMIT,
): FlaggedSession[] {
  return records
    .filter((r) => r.verdict.passed)
    .sort(byScore(starts))
    .slice(0, limit)
    .map((r) => ({
      project: r.project,
      sessionId: r.parentSessionId ?? r.sessionId,
      agentId: r.agentId,
      start: starts.startOf(r),
      startFromFile: starts.fromFile(r),
      score: r.verdict.score,
      signals: { ...r.signalCounts },
      gone: r.gone,
      drill: signalDrill(r),
    }));
}
