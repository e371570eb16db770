import type { SessionUsage } from '../cost/session-usage.js';
import { publishSkippedRecord } from '../fsx/refused-reads.js';
import { type LedgerCoverage, ledgerCoverageKey } from '../gate/ledger-s2.js';
import { type GateProfile, isGateProfile } from '../gate/profile.js';
import type { GateSignal } from '../gate/score.js';
import { SIGNAL_NAMES, type SignalName } from '../gate/signals.js';
import { type SessionRow, type SignalColumn, signalColumn } from './columns.js';
import type { HostName, SessionRecord } from './types.js';

export type { SessionRow } from './columns.js';

/** A stored profile name (an unknown one, from a newer release, reads as a profile to rescore with). */
export function profileOf(stored: string): GateProfile {
  return isGateProfile(stored) ? stored : 'seed';
}

const FINITE_COLUMNS = [
  'size',
  'mtime_ms',
  'lines',
  'gate_version',
  ...SIGNAL_NAMES.map(signalColumn),
] as const;

/**
 * What makes a stored row unusable, or undefined when it is sound. A shared store holds rows that other
 * machines (other releases, a hand edit, a broken client) wrote: a row with no verdict, or a number that is
 * not finite (`mtime_ms` -Infinity), would break every view that sorts or scores the team's sessions, so
 * such a row is skipped with a note instead.
 */
export function rowProblem(row: SessionRow): string | undefined {
  const verdict = row.verdict as unknown;
  if (typeof verdict !== 'object' || verdict === null || Array.isArray(verdict))
    return 'its verdict is missing';
  const { score, passed } = verdict as { score?: unknown; passed?: unknown };
  if (typeof score !== 'number' || !Number.isFinite(score) || typeof passed !== 'boolean')
    return 'its verdict has no score';
  for (const column of FINITE_COLUMNS) {
    const value = row[column] as unknown;
    if (typeof value !== 'number' || !Number.isFinite(value)) return `its ${column} is ${String(value)}`;
  }
  if (typeof row.path !== 'string' || typeof row.session_id !== 'string') return 'it has no path';
  return undefined;
}

/**
 * A stored usage summary, or undefined when there is none or it is not one this release reads (a shared
 * store's row from another release): such a row shows no cost rather than a wrong one.
 */
function usageOfRow(value: unknown): SessionUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const usage = value as Partial<SessionUsage>;
  if (usage.version !== 1 || (usage.entries !== null && !Array.isArray(usage.entries))) return undefined;
  return usage as SessionUsage;
}

export function recordOfRow(row: SessionRow): SessionRecord {
  return {
    path: row.path,
    size: row.size,
    mtimeMs: row.mtime_ms,
    host: row.host as HostName,
    sessionId: row.session_id,
    parentSessionId: row.parent_session_id ?? undefined,
    agentId: row.agent_id ?? undefined,
    project: row.project,
    firstTimestamp: row.first_ts ?? undefined,
    lastTimestamp: row.last_ts ?? undefined,
    lines: row.lines,
    gateVersion: row.gate_version,
    verdict: row.verdict,
    signalCounts: Object.fromEntries(SIGNAL_NAMES.map((name) => [name, row[signalColumn(name)]])) as Record<
      SignalName,
      number
    >,
    gone: row.gone,
    scannedAt: row.scanned_at,
    ledgerS2: row.ledger_s2 === null ? undefined : (JSON.parse(row.ledger_s2) as LedgerCoverage),
    transcriptS2:
      row.transcript_s2 === null ? undefined : (JSON.parse(row.transcript_s2) as GateSignal | null),
    ledgerStale: row.ledger_stale,
    ownRun: row.own_run ?? undefined,
    gateProfile: profileOf(row.gate_profile),
    turns:
      row.turns_human === null
        ? undefined
        : {
            human: row.turns_human,
            assistant: row.turns_assistant ?? 0,
            toolErrors: row.turns_tool_errors ?? 0,
          },
    usage: usageOfRow(row.usage),
  };
}

/** The row that stores a record: the inverse of recordOfRow, with the verdict's score and outcome as columns. */
export function rowOfRecord(record: SessionRecord): SessionRow {
  return {
    path: record.path,
    size: record.size,
    mtime_ms: record.mtimeMs,
    host: record.host,
    session_id: record.sessionId,
    parent_session_id: record.parentSessionId ?? null,
    agent_id: record.agentId ?? null,
    project: record.project,
    first_ts: record.firstTimestamp ?? null,
    last_ts: record.lastTimestamp ?? null,
    lines: record.lines,
    gate_version: record.gateVersion,
    verdict: record.verdict,
    score: record.verdict.score,
    passed: record.verdict.passed,
    ...(Object.fromEntries(
      SIGNAL_NAMES.map((name) => [signalColumn(name), record.signalCounts[name]]),
    ) as Pick<SessionRow, SignalColumn>),
    gone: record.gone,
    scanned_at: record.scannedAt,
    ledger_s2: record.ledgerS2 === undefined ? null : ledgerCoverageKey(record.ledgerS2),
    transcript_s2: record.transcriptS2 === undefined ? null : JSON.stringify(record.transcriptS2),
    ledger_stale: record.ledgerStale === true,
    own_run: record.ownRun ?? null,
    gate_profile: record.gateProfile,
    turns_human: record.turns?.human ?? null,
    turns_assistant: record.turns?.assistant ?? null,
    turns_tool_errors: record.turns?.toolErrors ?? null,
    usage: record.usage ?? null,
  };
}

/**
 * The rows that are sound (see rowProblem); each other one is skipped with a note naming whose row it is,
 * so that one teammate's bad row never breaks the team's views.
 */
export function usableRows<R extends SessionRow & { machine?: string; user_name?: string }>(rows: R[]): R[] {
  return rows.filter((row) => {
    const problem = rowProblem(row);
    if (problem === undefined) return true;
    const whose = row.user_name !== undefined ? ` of ${row.user_name}@${row.machine ?? '?'}` : '';
    publishSkippedRecord(
      `store-row:${row.machine ?? ''}:${row.user_name ?? ''}:${String(row.path)}`,
      `skipping the stored session ${String(row.path)}${whose}: ${problem}; the other sessions are shown`,
    );
    return false;
  });
}
