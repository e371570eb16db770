import { UsageError } from '../errors/errors.js';
import { type GateProfile, parseGateProfile } from '../gate/profile.js';

/** The `--profile seed|calibrated` option shared by every command that gates sessions. */
export const PROFILE_OPTION = { profile: { type: 'string' } } as const;

export const PROFILE_USAGE = '[--profile seed|calibrated]';

/** The chosen profile, or undefined to leave it to RETRO_GATE_PROFILE; a bad value is a usage error. */
export function profileFromArgs(raw: string | undefined): GateProfile | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseGateProfile(raw);
  if (typeof parsed === 'object') throw new UsageError(parsed.error);
  return parsed;
}

/** The environment with the chosen profile in RETRO_GATE_PROFILE, so every gate the command runs uses it. */
export function envWithProfile(env: NodeJS.ProcessEnv, raw: string | undefined): NodeJS.ProcessEnv {
  const profile = profileFromArgs(raw);
  return profile === undefined ? env : { ...env, RETRO_GATE_PROFILE: profile };
}
