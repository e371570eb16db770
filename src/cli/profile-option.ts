import { GATE_PROFILES, type GateProfile, isGateProfile } from '../gate/profile.js';
import { type GateSettings, resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';

/**
 * `--profile seed|calibrated`, shared by every command that gates sessions. Kept in its own small module
 * (not common-options) because the bundled gate command takes it and its bundle stays small.
 */
export const PROFILE = {
  type: 'string',
  choices: GATE_PROFILES,
  description: 'gate profile: calibrated reads friction as a person would, seed is the original gate',
  default: 'RETRO_GATE_PROFILE, else calibrated',
} as const;

/** The chosen profile (the parser already refused other values), or undefined to leave it to the env. */
function profileFromArgs(raw: string | undefined): GateProfile | undefined {
  return isGateProfile(raw) ? raw : undefined;
}

/**
 * A command's gate settings: its `--profile` and `--threshold` flags over the environment, resolved once
 * here so that every gate the command runs uses the same typed values.
 */
export function gateSettingsFromArgs(
  env: NodeJS.ProcessEnv,
  flags: { profile?: string | undefined; threshold?: string | undefined },
): GateSettings {
  return resolveGateSettings({
    flags: { profile: profileFromArgs(flags.profile), threshold: flags.threshold },
    env,
    ledger: ledgerFromEnv(env),
  });
}
