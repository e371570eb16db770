import { type SessionStarts, sessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';

/**
 * One `--json` line: the stored facts of a transcript and its full gate verdict. `start` and `end` are the
 * transcript's own first and last timestamps as written (untrusted text, or null); `startedAt` and
 * `endedAt` are the instants scan's filters compare, as `starts` reads them (by default bounded by this
 * file's time and now), and `startFromFile` says the file time stood in for the start.
 */
export function scanRecordJson(
  record: SessionRecord,
  starts: SessionStarts = sessionStarts([record], new Date()),
): string {
  return JSON.stringify({
    project: record.project,
    sessionId: record.sessionId,
    parentSessionId: record.parentSessionId ?? null,
    agentId: record.agentId ?? null,
    path: record.path,
    host: record.host,
    turns: record.turns
      ? { human: record.turns.human, assistant: record.turns.assistant, tool_errors: record.turns.toolErrors }
      : null,
    start: record.firstTimestamp ?? null,
    end: record.lastTimestamp ?? null,
    startedAt: starts.startOf(record),
    endedAt: new Date(starts.endMs(record)).toISOString(),
    startFromFile: starts.fromFile(record),
    lines: record.lines,
    size: record.size,
    mtime: new Date(record.mtimeMs).toISOString(),
    gone: record.gone,
    ledgerStale: record.ledgerStale === true,
    ownRun: record.ownRun === true,
    score: record.verdict.score,
    passed: record.verdict.passed,
    signals: record.signalCounts,
    verdict: record.verdict,
  });
}
