import type { SessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import { addSignals, isMainSession, noSignals } from './aggregate.js';
import type { ReportSummary } from './types.js';

/** The headline numbers: sessions and flagged count main sessions, signal totals count every transcript. */
export function summarize(records: readonly SessionRecord[], starts: SessionStarts): ReportSummary {
  const main = records.filter(isMainSession);
  const agents = records.filter((r) => !isMainSession(r));
  const flagged = main.filter((r) => r.verdict.passed).length;
  const times = main.map(starts.startOf).sort();
  return {
    sessions: main.length,
    subAgentTranscripts: agents.length,
    flagged,
    flaggedShare: main.length === 0 ? 0 : flagged / main.length,
    flaggedSubAgents: agents.filter((r) => r.verdict.passed).length,
    gone: records.filter((r) => r.gone).length,
    projects: new Set(records.map((r) => r.project)).size,
    signals: records.reduce(addSignals, noSignals()),
    firstStart: times[0],
    lastStart: times[times.length - 1],
    startsFromFile: {
      sessions: main.filter(starts.fromFile).length,
      subAgentTranscripts: agents.filter(starts.fromFile).length,
    },
  };
}
