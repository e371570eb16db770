import { ledgerCoverageIndex } from '../gate/ledger-s2.js';
import { resolveGateProfile } from '../gate/profile.js';
import { resolveThreshold } from '../gate/threshold.js';
import { resolveLedgerPath } from '../ledger/path.js';
import type { GateFileSettings } from './gate-file.js';

/**
 * The gate settings of one scan as `retrospect gate` would use them: threshold from `threshold` or
 * `RETRO_THRESHOLD`, the profile from `RETRO_GATE_PROFILE` (default calibrated), and the friction ledger of the project around `cwd` read once for the hybrid S2.
 */
export function gateSettingsFor(
  env: NodeJS.ProcessEnv,
  cwd: string,
  threshold?: string,
): { settings: GateFileSettings; warning?: string } {
  const chosen = resolveThreshold(threshold, env);
  const profile = resolveGateProfile(undefined, env);
  const warning = [chosen.warning, profile.warning].filter((w) => w !== undefined).join('\n');
  const force = env.RETRO_FORCE_TRANSCRIPT_S2 === '1';
  const ledger = force ? undefined : resolveLedgerPath(env, cwd);
  return {
    settings: {
      threshold: chosen.threshold,
      ledger: [...ledgerCoverageIndex(ledger)],
      forceTranscriptS2: force,
      profile: profile.profile,
    },
    ...(warning ? { warning } : {}),
  };
}
