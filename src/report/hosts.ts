import type { SessionRecord } from '../store/types.js';
import { adapterNamed } from '../transcript/hosts.js';
import { addSignals, isMainSession, meanScore, noSignals } from './aggregate.js';
import type { HostFriction } from './types.js';

/**
 * Per coding agent: main sessions, flagged ones, their mean score, the turns people typed and the failed
 * tool calls its sessions record, and the signal mix of all its transcripts. Most sessions first.
 */
export function hostFriction(records: readonly SessionRecord[]): HostFriction[] {
  const byHost = new Map<SessionRecord['host'], SessionRecord[]>();
  for (const r of records) byHost.set(r.host, [...(byHost.get(r.host) ?? []), r]);
  return [...byHost.entries()]
    .map(([host, rows]) => {
      const main = rows.filter(isMainSession);
      const counted = rows.filter((r) => r.turns !== undefined);
      return {
        host,
        label: adapterNamed(host).label,
        sessions: main.length,
        flagged: main.filter((r) => r.verdict.passed).length,
        meanScore: meanScore(main),
        humanTurns: counted.reduce((sum, r) => sum + (r.turns?.human ?? 0), 0),
        toolErrors: counted.reduce((sum, r) => sum + (r.turns?.toolErrors ?? 0), 0),
        turnsCounted: counted.length,
        signals: rows.reduce(addSignals, noSignals()),
      };
    })
    .sort((a, b) => b.sessions - a.sessions || a.host.localeCompare(b.host));
}
