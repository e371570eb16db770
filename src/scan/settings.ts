import { ledgerCoverageIndex } from '../gate/ledger-s2.js';
import type { GateSettings } from '../gate/settings.js';
import { resolveLedgerPath } from '../ledger/path.js';
import type { GateFileSettings } from './gate-file.js';

/**
 * The gate settings of one scan as `retrospect gate` would use them: the threshold and profile resolved at
 * the edge (resolveGateSettings), and the friction ledger of the project around `cwd` read once for the
 * hybrid S2. `warning` is the resolver's warnings, one a line.
 */
export function gateSettingsFor(
  gate: GateSettings,
  cwd: string,
): { settings: GateFileSettings; warning?: string } {
  const warning = gate.warnings.join('\n');
  const force = gate.forceTranscriptS2;
  const ledger = force ? undefined : resolveLedgerPath(gate.ledger, cwd);
  return {
    settings: {
      threshold: gate.threshold,
      ledger: [...ledgerCoverageIndex(ledger)],
      forceTranscriptS2: force,
      profile: gate.profile,
    },
    ...(warning ? { warning } : {}),
  };
}
