import type { SessionRecord } from '../store/types.js';
import { addSignals, isMainSession, meanScore, noSignals } from './aggregate.js';
import type { ProjectFriction } from './types.js';

/** Most flagged sessions first, then most sessions, then by name: the order every per-project view uses. */
function byBusiest(a: ProjectFriction, b: ProjectFriction): number {
  return b.flagged - a.flagged || b.sessions - a.sessions || a.project.localeCompare(b.project);
}

/**
 * Per project: main sessions, flagged ones, their mean score, and the signal mix of all its transcripts
 * (a sub-agent's friction is friction in that project too). Busiest first.
 */
export function projectFriction(records: readonly SessionRecord[]): ProjectFriction[] {
  const byProject = new Map<string, SessionRecord[]>();
  for (const r of records) byProject.set(r.project, [...(byProject.get(r.project) ?? []), r]);
  return [...byProject.entries()]
    .map(([project, rows]) => {
      const main = rows.filter(isMainSession);
      return {
        project,
        sessions: main.length,
        flagged: main.filter((r) => r.verdict.passed).length,
        meanScore: meanScore(main),
        signals: rows.reduce(addSignals, noSignals()),
      };
    })
    .sort(byBusiest);
}
