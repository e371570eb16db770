import type { SessionRecord } from '../store/types.js';
import { addSignals, isMainSession, noSignals } from './aggregate.js';
import type { ReportSummary } from './types.js';
import { sessionStart } from './weeks.js';

/** The headline numbers: sessions and flagged count main sessions, signal totals count every transcript. */
export function summarize(records: readonly SessionRecord[]): ReportSummary {
  const main = records.filter(isMainSession);
  const agents = records.filter((r) => !isMainSession(r));
  const flagged = main.filter((r) => r.verdict.passed).length;
  const starts = main.map(sessionStart).sort();
  return {
    sessions: main.length,
    subAgentTranscripts: agents.length,
    flagged,
    flaggedShare: main.length === 0 ? 0 : flagged / main.length,
    flaggedSubAgents: agents.filter((r) => r.verdict.passed).length,
    gone: records.filter((r) => r.gone).length,
    projects: new Set(records.map((r) => r.project)).size,
    signals: records.reduce(addSignals, noSignals()),
    firstStart: starts[0],
    lastStart: starts[starts.length - 1],
  };
}
