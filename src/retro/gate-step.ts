import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { GateVerdict } from '../gate/index.js';
import type { GateSettings } from '../gate/settings.js';
import { withThreshold } from '../scan/filter.js';
import { scanSessions } from '../scan/scan.js';
import { gateSettingsFor } from '../scan/settings.js';
import { openStoreOrMemory } from '../store/fallback.js';
import { openSessionStore } from '../store/open-session-store.js';
import { storeLocationFor } from '../store/path.js';
import type { StoreSettings } from '../store/settings.js';
import type { IdentifiedSource } from '../transcript/source.js';

/** Notes §5 step 3: a file may gate for 2 s in `--all`; one session has a 5 s budget. */
export const GATE_CAP_ALL_MS = 2_000;
export const GATE_BUDGET_SINGLE_MS = 5_000;

interface GateStepOptions {
  /** Where the session store is and who writes into it, resolved at the caller's edge. */
  store: StoreSettings;
  gate: GateSettings;
  mainCheckout: string;
  /** Wall time one session may take to gate, in ms (`Infinity`: no cap, gate on this thread). */
  capMs: number;
  /** The session store file (default: the configured store, a file or a shared server, else `<data dir>/store.sqlite`). */
  storePath?: string;
  log: (line: string) => void;
}

interface GateStepResult {
  gated: { session: IdentifiedSource; verdict: GateVerdict }[];
  /** Candidates abandoned at the cap: treated as not flagged, no verdict stored. */
  timedOut: IdentifiedSource[];
}

/**
 * Gates the candidate sessions through the session store: only new or changed transcripts are read
 * again, and each candidate's stored verdict is judged against the threshold in force now. A transcript
 * that takes longer than `capMs` to gate is abandoned and the others go on. A candidate the scan could
 * not record (it vanished meanwhile) is left out.
 */
export async function gateCandidates(
  sessions: readonly IdentifiedSource[],
  options: GateStepOptions,
): Promise<GateStepResult> {
  if (sessions.length === 0) return { gated: [], timedOut: [] };
  const { settings, warning } = gateSettingsFor(options.gate, options.mainCheckout);
  if (warning) options.log(warning);
  const location =
    options.storePath !== undefined
      ? ({ kind: 'sqlite', path: options.storePath } as const)
      : storeLocationFor(undefined, false, options.store);
  // An unusable embedded store is no reason to stop: the run reads the transcripts directly this time.
  const store =
    location.kind === 'sqlite'
      ? openStoreOrMemory(location.path, options.log)
      : await openSessionStore(location, options.store.identity);
  try {
    // One session: its file alone, so that its budget is spent on it. More: their folders, one store
    // query each instead of one per file.
    const roots =
      sessions.length === 1
        ? sessions.map((s) => s.path)
        : [...new Set(sessions.map((s) => dirname(s.path)))];
    const scan = await scanSessions({
      roots,
      store,
      settings,
      jobs: Math.max(1, Math.min(4, availableParallelism())),
      fileCapMs: options.capMs,
    });
    for (const line of scan.warnings) options.log(line);
    const abandoned = new Set(scan.timedOut);
    const byPath = new Map(scan.records.map((r) => [r.path, r]));
    const result: GateStepResult = { gated: [], timedOut: [] };
    for (const session of sessions) {
      // A changed transcript abandoned at the cap may still have an older verdict stored: not used.
      if (abandoned.has(session.path)) {
        result.timedOut.push(session);
        continue;
      }
      const record = byPath.get(session.path);
      if (!record || record.gone) continue;
      result.gated.push({ session, verdict: withThreshold(record, settings.threshold).verdict });
    }
    return result;
  } finally {
    await store.close();
  }
}
