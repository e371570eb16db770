import { bundledPriceTable, type PriceTable } from '../cost/price-table.js';
import { sessionCost } from '../cost/session-cost.js';
import { type SessionStarts, sessionStarts } from '../store/session-starts.js';
import type { SessionRecord } from '../store/types.js';

/**
 * The cost fields of a record (docs/cost.md): `tokens` by kind and `friction_tokens` (null when the
 * transcript records no usage), `cost_usd` and `friction_cost_usd` at the table's prices (null as well when
 * a model that used tokens has no price), the friction by the signal that marks it, and the table's source
 * and date.
 */
export function costFields(record: SessionRecord, prices: PriceTable = bundledPriceTable()) {
  const cost = sessionCost(record.usage, prices);
  return {
    tokens: cost.tokens,
    cost_usd: cost.cost_usd,
    friction_tokens: cost.friction_tokens,
    friction_cost_usd: cost.friction_cost_usd,
    friction_by_signal: cost.friction_by_signal,
    unpriced_models: cost.unpriced_models,
    prices: prices.sources,
  };
}

/**
 * One `--json` line: the stored facts of a transcript and its full gate verdict. `start` and `end` are the
 * transcript's own first and last timestamps as written (untrusted text, or null); `startedAt` and
 * `endedAt` are the instants scan's filters compare, as `starts` reads them (by default bounded by this
 * file's time and now), and `startFromFile` says the file time stood in for the start.
 */
export function scanRecordJson(
  record: SessionRecord,
  starts: SessionStarts = sessionStarts([record], new Date()),
  prices: PriceTable = bundledPriceTable(),
): string {
  return JSON.stringify({
    project: record.project,
    sessionId: record.sessionId,
    parentSessionId: record.parentSessionId ?? null,
    agentId: record.agentId ?? null,
    path: record.path,
    host: record.host,
    turns: record.turns
      ? { human: record.turns.human, assistant: record.turns.assistant, tool_errors: record.turns.toolErrors }
      : null,
    start: record.firstTimestamp ?? null,
    end: record.lastTimestamp ?? null,
    startedAt: starts.startOf(record),
    endedAt: new Date(starts.endMs(record)).toISOString(),
    startFromFile: starts.fromFile(record),
    lines: record.lines,
    size: record.size,
    mtime: new Date(record.mtimeMs).toISOString(),
    gone: record.gone,
    ledgerStale: record.ledgerStale === true,
    ownRun: record.ownRun === true,
    score: record.verdict.score,
    passed: record.verdict.passed,
    signals: record.signalCounts,
    ...costFields(record, prices),
    verdict: record.verdict,
  });
}
