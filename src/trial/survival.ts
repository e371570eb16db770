import type { SessionLines } from '../walk/survival/session-survival.js';

/** One side of a trial by what became of its sessions' committed code. */
export interface SideSurvival {
  /** Sessions on the side. */
  sessions: number;
  /** Of them, those whose committed work was measured (the others committed nothing here, or were over the bound). */
  measured: number;
  added: number;
  alive: number;
  /** alive / added, 4 decimals; null when the side committed nothing measured. */
  share: number | null;
}

/**
 * A side's survival from the sessions measured (see sessionSurvival): lines their linked hunks added and
 * lines still alive, summed. A rule that cuts friction but whose sessions' code is reverted shows it here.
 */
export function sideSurvival(
  sessionIds: readonly string[],
  measured: ReadonlyMap<string, SessionLines | null>,
): SideSurvival {
  let added = 0;
  let alive = 0;
  let counted = 0;
  for (const id of sessionIds) {
    const lines = measured.get(id);
    if (!lines) continue;
    counted++;
    added += lines.added;
    alive += lines.alive;
  }
  return {
    sessions: sessionIds.length,
    measured: counted,
    added,
    alive,
    share: added === 0 ? null : Math.round((alive / added) * 10_000) / 10_000,
  };
}
