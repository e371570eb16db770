import { statSync } from 'node:fs';
import { gateSession } from '../gate/index.js';
import type { GateSettings } from '../gate/settings.js';
import type { GateFileSettings } from '../scan/gate-file.js';
import { gateFiles } from '../scan/pool.js';
import { gateSettingsFor } from '../scan/settings.js';

/**
 * Scores a transcript with the phase-1 gate, the one metric trials are judged by. `cwd` places the
 * friction ledger (the main checkout's) for the gate's hybrid S2. With a finite `capMs` each transcript
 * is gated in a worker thread and abandoned when it takes longer: its score is then undefined.
 */
export function gateScorer(options: {
  gate: GateSettings;
  cwd: string;
  capMs?: number | undefined;
}): (path: string) => Promise<number | undefined> {
  const capMs = options.capMs;
  if (capMs === undefined || !Number.isFinite(capMs)) {
    return async (path) =>
      (await gateSession(path, { settings: options.gate, cwd: options.cwd })).verdict.score;
  }
  let settings: GateFileSettings | undefined;
  return async (path) => {
    // The ledger is read once, when the first transcript is scored, as a scan reads it once.
    settings ??= gateSettingsFor(options.gate, options.cwd).settings;
    const file = { path, size: statSync(path).size };
    const [outcome] = await gateFiles([file], { settings, reader: 'fast', jobs: 1, fileCapMs: capMs });
    return outcome?.verdict.score;
  };
}
