import { SIGNAL_NAMES } from '../gate/signals.js';
import { terminalSafe } from '../safety/terminal.js';
import { type SessionStarts, sessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';

function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}

/**
 * `a1b2c3d4` for a session, `a1b2c3d4 > agent-5f2e` for a sub-agent attributed to it; another agent's
 * session than Claude Code's names its agent: `019b55c1 (codex)`.
 */
export function sessionLabel(record: SessionRecord): string {
  const base =
    record.parentSessionId === undefined ? shortId(record.sessionId) : shortId(record.parentSessionId);
  const agent = record.agentId === undefined ? '' : ` > ${record.agentId.slice(0, 14)}`;
  const host = record.host === 'claude-code' ? '' : ` (${record.host})`;
  return `${base}${agent}${host}${record.gone ? ' (gone)' : ''}${record.ownRun ? ' (own run)' : ''}`;
}

/** The start column: the session's start in UTC, marked when the file time stood in for it. */
function startCell(record: SessionRecord, starts: SessionStarts): string {
  const shown = starts.startOf(record).slice(0, 16).replace('T', ' ');
  return starts.fromFile(record) ? `${shown} (file time)` : shown;
}

function signalsOf(record: SessionRecord): string {
  const parts = SIGNAL_NAMES.filter((n) => record.signalCounts[n] > 0).map(
    (n) => `${n}x${record.signalCounts[n]}`,
  );
  if (record.verdict.error !== undefined) parts.push(`error: ${record.verdict.error}`);
  return parts.join(' ') || '-';
}

function score(record: SessionRecord): string {
  return `${record.verdict.score.toFixed(1)}${record.verdict.passed ? ' !' : ''}`;
}

/** How the table is coloured: each function wraps a cell's padded text (identity for plain text). */
export interface TablePaint {
  header: (text: string) => string;
  flagged: (text: string) => string;
  quiet: (text: string) => string;
  total: (text: string) => string;
}

const PLAIN: TablePaint = { header: (t) => t, flagged: (t) => t, quiet: (t) => t, total: (t) => t };

/** The totals row: projects, sessions (and sub-agent transcripts), lines, flagged, and signal totals. */
function totalsRow(records: readonly SessionRecord[]): string[] {
  const projects = new Set(records.map((r) => r.project)).size;
  const agents = records.filter((r) => r.parentSessionId !== undefined).length;
  const sessions = records.length - agents;
  const lines = records.reduce((sum, r) => sum + r.lines, 0);
  const flagged = records.filter((r) => r.verdict.passed).length;
  const signals = SIGNAL_NAMES.map(
    (n) => [n, records.reduce((sum, r) => sum + r.signalCounts[n], 0)] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([n, count]) => `${n}x${count}`);
  return [
    `TOTAL: ${projects} project${projects === 1 ? '' : 's'}`,
    `${sessions} session${sessions === 1 ? '' : 's'}${agents > 0 ? ` +${agents} sub-agent` : ''}`,
    '',
    String(lines),
    `${flagged} flagged`,
    signals.join(' ') || '-',
  ];
}

/**
 * The readable table, one row per transcript in the given order, then a totals row; `!` marks a flagged
 * session. `starts` reads each start (by default bounded by the newest file among `records` and now);
 * `paint` colours it (a terminal), after the padding, so that colour codes never upset the columns.
 */
export function renderTable(
  records: readonly SessionRecord[],
  starts: SessionStarts = sessionStarts(records, new Date()),
  paint: TablePaint = PLAIN,
): string {
  const header = ['PROJECT', 'SESSION', 'START (UTC)', 'LINES', 'SCORE', 'SIGNALS'];
  // Project folders, file names and read errors are anyone's text: a folder named `-p-\e]0;PWNED\a\e[2J`
  // would retitle and clear the terminal, a newline in one would forge a row.
  const rows = records.map((r) =>
    [r.project, sessionLabel(r), startCell(r, starts), String(r.lines), score(r), signalsOf(r)].map((cell) =>
      terminalSafe(cell),
    ),
  );
  const totals = records.length > 0 ? [totalsRow(records)] : [];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...[...rows, ...totals].map((row) => row[i]!.length)),
  );
  const right = new Set([3, 4]);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const body = records.map((r, i) => {
    const text = line(rows[i]!);
    if (r.verdict.passed) return paint.flagged(text);
    return r.verdict.score === 0 || r.gone ? paint.quiet(text) : text;
  });
  return [paint.header(line(header)), ...body, ...totals.map((row) => paint.total(line(row)))].join('\n');
}

export interface ScanStats {
  read: number;
  unchanged: number;
  readBytes: number;
  seconds: number;
  /** Verdicts rescored for a friction-ledger change without reading (default 0). */
  rescored?: number;
  /** Verdicts of deleted transcripts left stale by a ledger change (default 0). */
  stale?: number;
  /** Retrospect's own analysis runs left out of the table and the counts (default 0). */
  ownLeftOut?: number;
}

/** Sessions, flagged, signal totals and the busiest projects (most flagged, then most sessions). */
export function renderSummary(records: SessionRecord[], stats: ScanStats): string {
  const main = records.filter((r) => r.parentSessionId === undefined);
  const agents = records.length - main.length;
  const flagged = records.filter((r) => r.verdict.passed);
  const gone = records.filter((r) => r.gone).length;
  const totals = SIGNAL_NAMES.map((n) => `${n} ${records.reduce((sum, r) => sum + r.signalCounts[n], 0)}`);
  const projects = new Map<string, { sessions: number; flagged: number }>();
  for (const r of records) {
    const p = projects.get(r.project) ?? { sessions: 0, flagged: 0 };
    if (r.parentSessionId === undefined) p.sessions++;
    if (r.verdict.passed) p.flagged++;
    projects.set(r.project, p);
  }
  const busiest = [...projects.entries()]
    .sort((a, b) => b[1].flagged - a[1].flagged || b[1].sessions - a[1].sessions || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([name, p]) => `${terminalSafe(name)} (${p.flagged} flagged of ${p.sessions})`);
  const mb = (stats.readBytes / 1e6).toFixed(1);
  const ledger = [
    stats.rescored ? `${stats.rescored} rescored for ledger changes` : '',
    stats.stale ? `${stats.stale} stale (ledger changed, transcript gone)` : '',
  ].filter(Boolean);
  const own = stats.ownLeftOut
    ? `; ${stats.ownLeftOut} of Retrospect's own analysis runs left out (--include-own shows them)`
    : '';
  return [
    `sessions: ${main.length}${agents > 0 ? ` (+${agents} sub-agent transcripts)` : ''}${gone > 0 ? `, ${gone} gone` : ''}${own}`,
    `flagged: ${flagged.length}`,
    `signals: ${totals.join(', ')}`,
    `busiest projects: ${busiest.length > 0 ? busiest.join(', ') : '(none)'}`,
    `read ${stats.read} files (${mb} MB), ${stats.unchanged} unchanged, ${[...ledger, ''].join(', ')}in ${stats.seconds.toFixed(2)} s`,
  ].join('\n');
}
