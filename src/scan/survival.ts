import { projectLabel } from '../paths/project-label.js';
import { terminalSafe } from '../safety/terminal.js';
import type { SessionRecord } from '../store/types.js';
import { type SurvivalAfterDays, survivalAfterDays } from '../walk/survival/after-days.js';

export { DEFAULT_SURVIVAL_AFTER_BUDGET_MS, DEFAULT_SURVIVAL_DAYS } from '../walk/survival/after-days.js';

/** How far a scan looks at what became of its sessions' committed code (`scan --survival`). */
export interface ScanSurvivalOptions {
  /** Days after each session's last commit. */
  days: number;
  /** All the sessions together take at most this long (ms). */
  budgetMs: number;
  env: NodeJS.ProcessEnv;
  now?: number;
}

/**
 * The survival of each record's committed code, in the order the records are given (the ones shown
 * first are measured first; those past the time bound say so). Keyed by transcript path. Runs git in each
 * session's own repository; reads only. Kept out of the scan itself: it is git work, asked for.
 */
export function scanSurvival(
  records: readonly SessionRecord[],
  options: ScanSurvivalOptions,
): Promise<Map<string, SurvivalAfterDays>> {
  return survivalAfterDays({
    sessions: records.filter((r) => !r.gone).map((r) => ({ path: r.path })),
    days: options.days,
    env: options.env,
    budgetMs: options.budgetMs,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}

/**
 * A `scan --json` line with its `survival` field added last: `{added, alive, at, days}`, the same with
 * nulls and `unmeasured` when the time bound left it over, or null when no committed work was found.
 * The line is one JSON object (scanRecordJson), so the field is appended inside its closing brace.
 */
export function withSurvivalField(line: string, survival: SurvivalAfterDays | undefined): string {
  if (!line.endsWith('}')) throw new Error('a scan record line is one JSON object');
  return `${line.slice(0, -1)},"survival":${JSON.stringify(survival ?? null)}}`;
}

const percent = (alive: number, added: number) =>
  added === 0 ? '–' : `${Math.round((alive / added) * 100)}%`;

/**
 * The table's survival block: one row per session whose committed code was measured (or left over by the
 * bound), then how many committed nothing found. Every cell from a transcript is made terminal-safe.
 */
export function renderSurvival(
  records: readonly SessionRecord[],
  measured: ReadonlyMap<string, SurvivalAfterDays>,
  days: number,
): string {
  const rows: string[][] = [];
  let none = 0;
  let over = 0;
  for (const record of records) {
    const value = measured.get(record.path);
    if (value === undefined || value === null) {
      none++;
      continue;
    }
    const session = terminalSafe(record.sessionId.slice(0, 8));
    const project = terminalSafe(projectLabel(record.project));
    if (value.added === null) {
      over++;
      rows.push([session, project, '–', '–', '–', `not measured: ${terminalSafe(value.unmeasured)}`]);
      continue;
    }
    const when = value.days < days ? `${value.days} d, younger than ${days}` : `${value.days} d`;
    rows.push([
      session,
      project,
      String(value.added),
      String(value.alive),
      percent(value.alive, value.added),
      `${value.at.slice(0, 7)} (${when})`,
    ]);
  }
  const head = ['SESSION', 'PROJECT', 'ADDED', 'ALIVE', 'KEPT', 'AT'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const totals = rows.reduce(
    (sum, r) => (r[2] === '–' ? sum : { added: sum.added + Number(r[2]), alive: sum.alive + Number(r[3]) }),
    { added: 0, alive: 0 },
  );
  const out = [`What became of the committed code ${days} days after each session's last commit:`];
  if (rows.length > 0) out.push(line(head), ...rows.map(line));
  const notes = [
    rows.length > over
      ? `${totals.alive} of ${totals.added} lines alive (${percent(totals.alive, totals.added)})`
      : '',
    over > 0 ? `${over} not measured` : '',
    none > 0 ? `${none} session${none === 1 ? '' : 's'} with no committed work found` : '',
  ].filter(Boolean);
  out.push(notes.length > 0 ? notes.join('; ') : 'no session to measure');
  return out.join('\n');
}
