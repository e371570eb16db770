import { GATE_PROFILES, type GateProfile, isGateProfile } from '../gate/profile.js';

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
export function profileFromArgs(raw: string | undefined): GateProfile | undefined {
  return isGateProfile(raw) ? raw : undefined;
}

/** The environment with the chosen profile in RETRO_GATE_PROFILE, so every gate the command runs uses it. */
export function envWithProfile(env: NodeJS.ProcessEnv, raw: string | undefined): NodeJS.ProcessEnv {
  const profile = profileFromArgs(raw);
  return profile === undefined ? env : { ...env, RETRO_GATE_PROFILE: profile };
}
