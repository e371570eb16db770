import { join } from 'node:path';
import type { GateSignal } from '../../gate/score.js';
import { SIGNAL_RULES, type SignalName } from '../../gate/signals.js';
import { countSignals, openStore, type SessionStore } from '../../store/open.js';
import type { SessionRecord } from '../../store/types.js';
import { tempDir } from '../../test-support/temp-dir.js';

/**
 * A stored session as a scan would write it: `signals` gives the counts, the score follows the gate's
 * weights, and `passed` the default threshold (5.0).
 */
export function storedSession(
  options: {
    project?: string;
    sessionId?: string;
    start?: string;
    signals?: Partial<Record<SignalName, number>>;
    parentSessionId?: string;
    agentId?: string;
    gone?: boolean;
    ownRun?: boolean;
  } = {},
): SessionRecord {
  const project = options.project ?? '-home-dev-shop';
  const sessionId = options.sessionId ?? 's1';
  const signals: GateSignal[] = Object.entries(options.signals ?? {})
    .filter(([, count]) => count > 0)
    .map(([name, count]) => ({ name: name as SignalName, count, ids: [] }));
  const score = signals.reduce((sum, s) => sum + SIGNAL_RULES[s.name].weight * s.count, 0);
  const verdict = { score, passed: score >= 5, threshold: 5, signals };
  const start = options.start ?? '2026-10-07T09:00:00.000Z';
  const file = options.agentId ?? sessionId;
  return {
    path: `/home/dev/.claude/projects/${project}/${file}.jsonl`,
    size: 1000,
    mtimeMs: Date.parse(start) + 3_600_000,
    host: 'claude-code',
    gateProfile: 'calibrated',
    sessionId,
    parentSessionId: options.parentSessionId,
    agentId: options.agentId,
    project,
    firstTimestamp: start,
    lastTimestamp: new Date(Date.parse(start) + 3_600_000).toISOString(),
    lines: 40,
    gateVersion: 1,
    verdict,
    signalCounts: countSignals(verdict),
    gone: options.gone ?? false,
    scannedAt: '2026-11-01T00:00:00.000Z',
    ownRun: options.ownRun ?? false,
  };
}

/** A real store file in a fresh temporary folder, filled with `records`. */
export function storeWith(...records: SessionRecord[]): SessionStore {
  const store = openStore(join(tempDir('retrospect-report-'), 'store.sqlite'));
  store.upsertSession(...records);
  return store;
}
