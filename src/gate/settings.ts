import { type GateProfile, resolveGateProfile } from './profile.js';
import { DEFAULT_THRESHOLD } from './signals.js';
import { resolveThreshold } from './threshold.js';

/**
 * The gate's settings as typed values, resolved once at the edge (a CLI command, the MCP server, the hook,
 * a library entry point) and handed down: the gate, the scan, retro, trials, reports and exports read
 * them from here and never from an environment map. docs/design/environment.md lists every key and where
 * it is read.
 */
export interface GateSettings {
  profile: GateProfile;
  threshold: number;
  /** The friction ledger the user chose (`FRICTION_LEDGER`); undefined: the main checkout's own. */
  ledger: string | undefined;
  /** `RETRO_FORCE_TRANSCRIPT_S2=1`: the transcript's own S2, the ledger ignored. */
  forceTranscriptS2: boolean;
  /** What the resolver fell back on and why (invalid threshold, unknown profile), for stderr. */
  warnings: string[];
}

/** What a front end was told directly; each value given wins over the environment. */
export interface GateSettingFlags {
  profile?: GateProfile | undefined;
  /** A number, or the text of a `--threshold` flag (its warnings name the flag). */
  threshold?: string | number | undefined;
}

/**
 * The one place the gate's environment keys are read: `RETRO_THRESHOLD`, `RETRO_GATE_PROFILE`,
 * `FRICTION_LEDGER` and `RETRO_FORCE_TRANSCRIPT_S2`, each under the flag that overrides it. Warnings keep
 * the seed's order and words (threshold first, then profile).
 */
export function resolveGateSettings(input: {
  flags?: GateSettingFlags;
  env: NodeJS.ProcessEnv;
}): GateSettings {
  const { flags = {}, env } = input;
  const threshold = resolveThreshold(flags.threshold, env.RETRO_THRESHOLD);
  const profile = resolveGateProfile(flags.profile, env.RETRO_GATE_PROFILE);
  return {
    profile: profile.profile,
    threshold: threshold.threshold,
    // Read here, not through ledger/settings.ts's ledgerFromEnv (the same rule): the gate's bundle stays
    // one module smaller (src/cli/startup.test.ts counts them).
    ledger: env.FRICTION_LEDGER || undefined,
    forceTranscriptS2: env.RETRO_FORCE_TRANSCRIPT_S2 === '1',
    warnings: [threshold.warning, profile.warning].filter((w): w is string => w !== undefined),
  };
}

/** The settings with no environment at all: the default profile and threshold, the main checkout's ledger. */
export function defaultGateSettings(overrides: Partial<GateSettings> = {}): GateSettings {
  return {
    profile: resolveGateProfile(undefined, undefined).profile,
    threshold: DEFAULT_THRESHOLD,
    ledger: undefined,
    forceTranscriptS2: false,
    warnings: [],
    ...overrides,
  };
}
