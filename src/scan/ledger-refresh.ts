import { type LedgerCoverage, ledgerCoverageKey } from '../gate/ledger-s2.js';
import { type GateSignal, signalOf, withSignal } from '../gate/score.js';
import type { KnownFile, SessionRecord } from '../store/types.js';
import type { GateFileSettings } from './gate-file.js';

const UNCOVERED: LedgerCoverage = { covered: false };

/** The ledger coverage the gate would use for each session in this scan (none at all when it is forced off). */
export function currentCoverage(settings: GateFileSettings): (sessionId: string) => LedgerCoverage {
  const index = new Map(settings.forceTranscriptS2 ? [] : settings.ledger);
  return (sessionId) => index.get(sessionId) ?? UNCOVERED;
}

/**
 * True when a stored verdict may no longer be what the gate gives with today's ledger: the coverage it
 * was computed with differs (or was not recorded), or it was left stale before. Error verdicts never
 * consult the ledger.
 */
export function ledgerMoved(known: KnownFile, coverage: LedgerCoverage): boolean {
  if (known.gateError) return false;
  return known.ledgerStale || known.ledgerS2 !== ledgerCoverageKey(coverage);
}

/**
 * The transcript's own S2 as far as the store can tell: recorded, or readable from a verdict that was
 * computed without ledger coverage. Undefined when unknown (a covered verdict from an older store).
 */
function transcriptS2Of(record: SessionRecord): GateSignal | null | undefined {
  if (record.transcriptS2 !== undefined) return record.transcriptS2;
  const s2 = record.verdict.signals.find((signal) => signal.name === 'S2');
  if (record.ledgerS2 !== undefined) return record.ledgerS2.covered ? undefined : (s2 ?? null);
  // An older store recorded no coverage; ledger run ids name themselves, transcript anchors are message ids.
  if (s2 && !s2.ids.some((id) => id.startsWith('ledger:'))) return s2;
  return undefined;
}

export type LedgerRefresh =
  /** Rescored from stored data: exactly the verdict re-gating the transcript would give. */
  | { kind: 'rescored'; record: SessionRecord }
  /** The transcript's own S2 is needed and unknown: gate the file again. */
  | { kind: 'reread' }
  /** Needed and unknown, and the transcript is gone: the verdict is kept, marked stale. */
  | { kind: 'stale'; record: SessionRecord };

/**
 * Brings a stored verdict up to date with the ledger without reading the transcript when that is exact.
 * S2 is the only signal the ledger touches, and the verdict holds every other signal's capped count, so
 * swapping S2 and scoring again gives the gate's answer: with ledger coverage, S2 is the ledger's runs;
 * without, it is the transcript's own S2, when the store knows it.
 */
export function refreshForLedger(
  record: SessionRecord,
  coverage: LedgerCoverage,
  threshold: number,
  scannedAt: string,
): LedgerRefresh {
  const transcriptS2 = transcriptS2Of(record);
  const s2 = coverage.covered ? (signalOf('S2', coverage.runs) ?? null) : transcriptS2;
  if (s2 === undefined) {
    return record.gone ? { kind: 'stale', record: { ...record, ledgerStale: true } } : { kind: 'reread' };
  }
  const verdict = withSignal(record.verdict, 'S2', s2 ?? undefined, threshold);
  return {
    kind: 'rescored',
    record: {
      ...record,
      verdict,
      signalCounts: { ...record.signalCounts, S2: s2?.count ?? 0 },
      scannedAt,
      ledgerS2: coverage,
      transcriptS2,
      ledgerStale: false,
    },
  };
}
