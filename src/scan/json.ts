import type { SessionRecord } from '../store/types.js';

/** One `--json` line: the stored facts of a transcript and its full gate verdict. */
export function scanRecordJson(record: SessionRecord): string {
  return JSON.stringify({
    project: record.project,
    sessionId: record.sessionId,
    parentSessionId: record.parentSessionId ?? null,
    agentId: record.agentId ?? null,
    path: record.path,
    host: record.host,
    start: record.firstTimestamp ?? null,
    end: record.lastTimestamp ?? null,
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
