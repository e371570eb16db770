import { projectLabel } from '../paths/project-label.js';
import type { SessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';
import type { SurvivalAfterDays } from '../walk/survival/after-days.js';
import { weekOf } from './weeks.js';

/** Lines committed and alive over a group of sessions measured the full N days. */
export interface SurvivalShare {
  /** Sessions (transcripts) whose committed code was measured the full N days. */
  sessions: number;
  added: number;
  alive: number;
  /** alive / added, 4 decimals; null when nothing was added. */
  share: number | null;
}

/** "Was the agents' code kept?": the report's survival section (`report --survival`). */
export interface SurvivalReport {
  /** Days after each session's last commit. */
  days: number;
  /** Over every session measured the full N days. */
  all: SurvivalShare;
  /** Per project (its label), most lines first. */
  projects: (SurvivalShare & { project: string })[];
  /** Per week of the sessions' start (Mondays, UTC), oldest first. */
  weeks: (SurvivalShare & { week: string })[];
  /** Younger than N days: measured at HEAD, so left out of the shares above. */
  younger: SurvivalShare;
  /** Committed work not measured (over the time bound, or not on HEAD's history). */
  unmeasured: number;
  /** No committed work found (no repository, nothing edited there, no commit in the window, gone). */
  none: number;
}

const share = (alive: number, added: number) =>
  added === 0 ? null : Math.round((alive / added) * 10_000) / 10_000;

function tally(into: Map<string, SurvivalShare>, key: string, added: number, alive: number): void {
  const held = into.get(key) ?? { sessions: 0, added: 0, alive: 0, share: null };
  held.sessions++;
  held.added += added;
  held.alive += alive;
  held.share = share(held.alive, held.added);
  into.set(key, held);
}

/**
 * The order a report measures survival in: sessions old enough to have lived the N days first (newest of
 * them first), because the time bound is best spent on the sessions the shares count.
 */
export function survivalMeasureOrder(
  records: readonly SessionRecord[],
  starts: SessionStarts,
  days: number,
  nowMs: number,
): SessionRecord[] {
  const grown = nowMs - days * 86_400_000;
  return [...records].sort(
    (a, b) =>
      Number(starts.endMs(a) > grown) - Number(starts.endMs(b) > grown) ||
      starts.startMs(b) - starts.startMs(a),
  );
}

/**
 * The survival section from the records the report covers and what measuring them found (see
 * survivalAfterDays, keyed by path). Shares count only sessions measured the full N days, so that a
 * week-old session does not stand beside a month-old one; the others are counted apart, never as 0.
 */
export function buildSurvivalReport(
  records: readonly SessionRecord[],
  measured: ReadonlyMap<string, SurvivalAfterDays>,
  days: number,
  starts: SessionStarts,
): SurvivalReport {
  const all = new Map<string, SurvivalShare>();
  const projects = new Map<string, SurvivalShare>();
  const weeks = new Map<string, SurvivalShare>();
  const younger = new Map<string, SurvivalShare>();
  let unmeasured = 0;
  let none = 0;
  for (const record of records) {
    const value = measured.get(record.path);
    if (value === undefined || value === null) {
      none++;
      continue;
    }
    if (value.added === null) {
      unmeasured++;
      continue;
    }
    if (value.days < days) {
      tally(younger, '', value.added, value.alive);
      continue;
    }
    tally(all, '', value.added, value.alive);
    tally(projects, projectLabel(record.project), value.added, value.alive);
    tally(weeks, weekOf(starts.startOf(record)), value.added, value.alive);
  }
  const empty = (): SurvivalShare => ({ sessions: 0, added: 0, alive: 0, share: null });
  return {
    days,
    all: all.get('') ?? empty(),
    projects: [...projects]
      .map(([project, s]) => ({ project, ...s }))
      .sort((a, b) => b.added - a.added || a.project.localeCompare(b.project)),
    weeks: [...weeks].map(([week, s]) => ({ week, ...s })).sort((a, b) => a.week.localeCompare(b.week)),
    younger: younger.get('') ?? empty(),
    unmeasured,
    none,
  };
}
