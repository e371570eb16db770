import type { SessionRecord } from '../store/types.js';

/**
 * The records with Retrospect's own runs marked: a transcript whose opening prompt carries the own-run
 * marker (stored by the scan), and any sub-agent transcript of such a session, whose own opening prompt
 * is the task it was given and carries no marker.
 */
export function markOwnRuns(records: readonly SessionRecord[]): SessionRecord[] {
  const own = new Set(
    records.filter((r) => r.parentSessionId === undefined && r.ownRun).map((r) => r.sessionId),
  );
  return records.map((r) =>
    !r.ownRun && r.parentSessionId !== undefined && own.has(r.parentSessionId) ? { ...r, ownRun: true } : r,
  );
}
