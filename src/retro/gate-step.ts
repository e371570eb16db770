import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { GateVerdict } from '../gate/index.js';
import { withThreshold } from '../scan/filter.js';
import { storePathFor } from '../scan/options.js';
import { scanSessions } from '../scan/scan.js';
import { gateSettingsFor } from '../scan/settings.js';
import { openStore } from '../store/open.js';
import type { SessionFile } from '../trial/discover.js';

export interface GateStepOptions {
  env: NodeJS.ProcessEnv;
  mainCheckout: string;
  threshold?: string | undefined;
  /** The session store (default `<data dir>/store.sqlite`). */
  storePath?: string;
  log: (line: string) => void;
}

/**
 * Gates the candidate sessions through the session store: their folders are scanned, so only new or
 * changed transcripts are read again, and each candidate's stored verdict is judged against the
 * threshold in force now. A candidate the scan could not record (it vanished meanwhile) is left out.
 */
export async function gateCandidates(
  sessions: readonly SessionFile[],
  options: GateStepOptions,
): Promise<{ session: SessionFile; verdict: GateVerdict }[]> {
  if (sessions.length === 0) return [];
  const { settings, warning } = gateSettingsFor(options.env, options.mainCheckout, options.threshold);
  if (warning) options.log(warning);
  const store = openStore(options.storePath ?? storePathFor(undefined, false, options.env));
  try {
    const folders = [...new Set(sessions.map((s) => dirname(s.path)))];
    const scan = await scanSessions({
      roots: folders,
      store,
      settings,
      jobs: Math.max(1, Math.min(4, availableParallelism())),
    });
    for (const line of scan.warnings) options.log(line);
    const byPath = new Map(scan.records.map((r) => [r.path, r]));
    const gated: { session: SessionFile; verdict: GateVerdict }[] = [];
    for (const session of sessions) {
      const record = byPath.get(session.path);
      if (!record || record.gone) continue;
      gated.push({ session, verdict: withThreshold(record, settings.threshold).verdict });
    }
    return gated;
  } finally {
    store.close();
  }
}
