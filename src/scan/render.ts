import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { type SessionCost, sessionCost } from '../cost/session-cost.js';
import { usd } from '../cost/usd.js';
import { SIGNAL_LABELS, SIGNAL_NAMES } from '../gate/signals.js';
import { projectLabel } from '../paths/project-label.js';
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
function sessionLabel(record: SessionRecord): string {
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

/** `6.0 !` for a flagged session, `2.0  ` otherwise: the numbers stay in one column. */
function score(record: SessionRecord): string {
  return `${record.verdict.score.toFixed(1)}${record.verdict.passed ? ' !' : '  '}`;
}

/** How the table is coloured: each function wraps a cell's padded text (identity for plain text). */
export interface TablePaint {
  header: (text: string) => string;
  flagged: (text: string) => string;
  quiet: (text: string) => string;
  total: (text: string) => string;
}

const PLAIN: TablePaint = { header: (t) => t, flagged: (t) => t, quiet: (t) => t, total: (t) => t };

export { NO_PROJECT } from '../paths/project-label.js';

/** The project cell: `(no folder)` for a session that records none (Copilot CLI's legacy logs, Codex's 2025 JSON). */
function projectCell(record: SessionRecord): string {
  return projectLabel(record.project);
}

/** The turns a person typed, '?' for a session stored before turns were counted. */
function turnsCell(record: SessionRecord): string {
  return record.turns === undefined ? '?' : String(record.turns.human);
}

/**
 * The cost cell: the session's cost at API prices and the share of it that friction took (`$2.35 12%`);
 * `-` when the transcript records no usage, `?` when a model it used has no price.
 */
function costCell(cost: SessionCost): string {
  if (cost.tokens === null) return '-';
  if (cost.cost_usd === null) return '?';
  const share =
    cost.friction_cost_usd === null || cost.cost_usd === 0
      ? ''
      : ` ${Math.round((100 * cost.friction_cost_usd) / cost.cost_usd)}%`;
  return `${usd(cost.cost_usd)}${share}`;
}

/** The sums of the sessions whose cost is known: spend, friction spend, and how many are left out. */
function costTotals(costs: readonly SessionCost[]): {
  spend: number;
  friction: number;
  unknown: number;
  known: number;
} {
  let spend = 0;
  let friction = 0;
  let unknown = 0;
  let known = 0;
  for (const cost of costs) {
    if (cost.cost_usd === null) {
      if (cost.tokens !== null) unknown++;
      continue;
    }
    known++;
    spend += cost.cost_usd;
    friction += cost.friction_cost_usd ?? 0;
  }
  return { spend, friction, unknown, known };
}

/** The totals row: projects, sessions (and sub-agent transcripts), turns, flagged, and signal totals. */
function totalsRow(records: readonly SessionRecord[], costs?: readonly SessionCost[]): string[] {
  const projects = new Set(records.map((r) => r.project)).size;
  const agents = records.filter((r) => r.parentSessionId !== undefined).length;
  const sessions = records.length - agents;
  const turns = records.reduce((sum, r) => sum + (r.turns?.human ?? 0), 0);
  const flagged = records.filter((r) => r.verdict.passed).length;
  const signals = SIGNAL_NAMES.map(
    (n) => [n, records.reduce((sum, r) => sum + r.signalCounts[n], 0)] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([n, count]) => `${n}x${count}`);
  const cost = costs === undefined ? [] : [totalCostCell(costs)];
  return [
    `TOTAL: ${projects} project${projects === 1 ? '' : 's'}`,
    `${sessions} session${sessions === 1 ? '' : 's'}${agents > 0 ? ` +${agents} sub-agent` : ''}`,
    '',
    String(turns),
    // `39 !` (39 flagged) keeps the score column as narrow as its scores; the summary says it in words.
    `${flagged} !`,
    ...cost,
    signals.join(' ') || '-',
  ];
}

function totalCostCell(costs: readonly SessionCost[]): string {
  const { spend, friction, known } = costTotals(costs);
  if (known === 0) return '-';
  return `${usd(spend)}${spend > 0 ? ` ${Math.round((100 * friction) / spend)}%` : ''}`;
}

/** Narrowest a project name is cut to: enough of both ends to tell `-home-ada-…-shop` from its neighbours. */
const MIN_PROJECT_WIDTH = 16;

/**
 * `text` cut to `width` characters in the middle, `…` standing for what was left out: a project folder's
 * start says whose machine and its end which project, and both are what tells two rows apart.
 */
export function middleTruncate(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  const tail = Math.floor((width - 1) / 2);
  const head = width - 1 - tail;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

/** A project cell cut to `width`; the totals row's label is cut to `TOTAL`, never to `TOTAL: 3…ojects`. */
function projectFitted(cell: string, width: number, isTotals: boolean): string {
  if (isTotals && [...cell].length > width) return 'TOTAL';
  return middleTruncate(cell, width);
}

/** `text` cut at its end to `width` characters, `…` last; at a space when it has one (`S1x3 S2x4 …`). */
function endTruncate(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  const kept = chars.slice(0, Math.max(0, width - 1)).join('');
  const space = kept.lastIndexOf(' ');
  return space > 0 ? `${kept.slice(0, space + 1)}…` : `${kept}…`;
}

/**
 * What each code in the table means, as one line (two when `width` is narrower): the signals of the gate,
 * the `x` counts, `!`, and the columns whose heading does not say it all.
 */
export function renderLegend(width?: number, withCost = false): string {
  const parts = [
    ...SIGNAL_NAMES.map((name) => `${name} ${SIGNAL_LABELS[name]}`),
    `${SIGNAL_NAMES[0]}x2 = twice`,
    '! flagged',
    'TURNS = turns a person typed',
    ...(withCost
      ? ['COST = at API prices, and the share friction took (- no usage recorded, ? not priced)']
      : []),
  ];
  const line = parts.join(', ');
  if (width === undefined || line.length <= width) return line;
  const lines: string[] = [];
  let current = '';
  for (const part of parts) {
    const next = current === '' ? part : `${current}, ${part}`;
    if (current !== '' && next.length + 1 > width) {
      lines.push(`${current},`);
      current = part;
    } else current = next;
  }
  lines.push(current);
  return lines.join('\n');
}

/** How the table is laid out: `width` is the terminal's (undefined: no limit, every name whole). */
export interface TableLayout {
  width?: number | undefined;
  /**
   * Prices for the cost column (default: the bundled table). The column is shown only when some session
   * shown records usage, so a table of hosts that record none is as it was.
   */
  prices?: PriceTable | undefined;
  /** The records' costs at `prices`, when the caller priced them already (one per record, in order). */
  costs?: readonly SessionCost[] | undefined;
}

const HEADER = ['PROJECT', 'SESSION', 'START (UTC)', 'TURNS', 'SCORE', 'SIGNALS'];
const COST_HEADER = ['PROJECT', 'SESSION', 'START (UTC)', 'TURNS', 'SCORE', 'COST', 'SIGNALS'];
const GAP = 2;

/** Column widths of `rows`, the project column (0) narrowed first and then the signals (last) to fit. */
function fitWidths(
  rows: string[][],
  width: number | undefined,
  header: readonly string[] = HEADER,
): number[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => [...row[i]!].length)));
  if (width === undefined) return widths;
  const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1);
  const over = total() - width;
  if (over > 0) widths[0] = Math.min(widths[0]!, Math.max(MIN_PROJECT_WIDTH, widths[0]! - over));
  const still = total() - width;
  const last = widths.length - 1;
  if (still > 0) widths[last] = Math.max(header[last]!.length, widths[last]! - still);
  // Still too wide (a start read from the file time, a sub-agent's label): the project gives more.
  const more = total() - width;
  if (more > 0) widths[0] = Math.max(header[0]!.length + 1, widths[0]! - more);
  return widths;
}

/**
 * The readable table, one row per transcript in the given order, then a totals row; `!` marks a flagged
 * session. `starts` reads each start (by default bounded by the newest file among `records` and now);
 * `paint` colours it (a terminal), after the padding, so that colour codes never upset the columns. With
 * `layout.width` the rows fit it: long project names are cut in the middle, then the signals at their end;
 * the session id is always whole (it is what `gate` and `retro` take).
 */
export function renderTable(
  records: readonly SessionRecord[],
  starts: SessionStarts = sessionStarts(records, new Date()),
  paint: TablePaint = PLAIN,
  layout: TableLayout = {},
): string {
  // Project folders, file names and read errors are anyone's text: a folder named `-p-\e]0;PWNED\a\e[2J`
  // would retitle and clear the terminal, a newline in one would forge a row.
  const table = layout.prices ?? bundledPriceTable();
  const costs = layout.costs ?? sessionCosts(records, table);
  const withCost = costs.some((cost) => cost.tokens !== null);
  const header = withCost ? COST_HEADER : HEADER;
  const rows = records.map((r, i) =>
    [
      projectCell(r),
      sessionLabel(r),
      startCell(r, starts),
      turnsCell(r),
      score(r),
      ...(withCost ? [costCell(costs[i]!)] : []),
      signalsOf(r),
    ].map((cell) => terminalSafe(cell)),
  );
  const totals = records.length > 0 ? [totalsRow(records, withCost ? costs : undefined)] : [];
  const widths = fitWidths([...rows, ...totals], layout.width, header);
  const right = new Set(withCost ? [3, 4, 5] : [3, 4]);
  const last = header.length - 1;
  const line = (cells: string[], isTotals = false) =>
    cells
      .map((cell, i) => {
        const fitted =
          i === 0
            ? projectFitted(cell, widths[0]!, isTotals)
            : i === last
              ? endTruncate(cell, widths[i]!)
              : cell;
        const pad = widths[i]! - [...fitted].length + fitted.length;
        return i === last ? fitted : right.has(i) ? fitted.padStart(pad) : fitted.padEnd(pad);
      })
      .join(' '.repeat(GAP))
      .trimEnd();
  const body = records.map((r, i) => {
    const text = line(rows[i]!);
    if (r.verdict.passed) return paint.flagged(text);
    return r.verdict.score === 0 || r.gone ? paint.quiet(text) : text;
  });
  return [
    paint.header(line([...header])),
    ...body,
    ...totals.map((row) => paint.total(line(row, true))),
  ].join('\n');
}

/** Each record's cost at `table`: priced once for the table and the spend line under it. */
export function sessionCosts(records: readonly SessionRecord[], table: PriceTable): SessionCost[] {
  return records.map((r) => sessionCost(r.usage, table));
}

/** Where the prices came from, as shown beside every cost: `@pydantic/genai-prices 0.1.8 of 2026-09-23`. */
export function priceSourceText(table: PriceTable): string {
  return table.sources.map((source) => `${source.name} of ${source.date}`).join(', then ');
}

/**
 * The spend line under the table: what the shown sessions cost at API prices, what friction took of it,
 * and the sessions whose cost is unknown; undefined when none of them records usage.
 */
export function renderSpend(
  records: readonly SessionRecord[],
  table: PriceTable,
  costs: readonly SessionCost[] = sessionCosts(records, table),
): string | undefined {
  const withUsage = costs.filter((cost) => cost.tokens !== null).length;
  if (withUsage === 0) return undefined;
  const { spend, friction, unknown } = costTotals(costs);
  const share = spend > 0 ? ` (${Math.round((100 * friction) / spend)}%)` : '';
  const without = records.length - withUsage;
  const notes = [
    without > 0 ? `${without} without usage` : '',
    unknown > 0 ? `${unknown} with a model not priced` : '',
  ].filter(Boolean);
  return `spend: ${usd(spend)} at API prices, friction ${usd(friction)}${share}${notes.length > 0 ? `; ${notes.join(', ')} left out` : ''} (prices: ${priceSourceText(table)})`;
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
    .map(([name, p]) => `${terminalSafe(projectLabel(name))} (${p.flagged} flagged of ${p.sessions})`);
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
