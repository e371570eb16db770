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
 * The one place the gate's environment keys are read: `RETRO_THRESHOLD`, `RETRO_GATE_PROFILE` and
 * `RETRO_FORCE_TRANSCRIPT_S2`, each under the flag that overrides it. Warnings keep the seed's order and
 * words (threshold first, then profile). The ledger is the friction ledger's own key (`FRICTION_LEDGER`,
 * `ledgerFromEnv` in ledger/path.ts), resolved by the caller and given here as a value: every caller says
 * which ledger, and the gate reads none of the ledger's keys.
 */
export function resolveGateSettings(input: {
  flags?: GateSettingFlags;
  env: NodeJS.ProcessEnv;
  /** The friction ledger the user chose, as `ledgerFromEnv` resolved it; undefined: the main checkout's. */
  ledger: string | undefined;
}): GateSettings {
  const { flags = {}, env, ledger } = input;
  const threshold = resolveThreshold(flags.threshold, env.RETRO_THRESHOLD);
  const profile = resolveGateProfile(flags.profile, env.RETRO_GATE_PROFILE);
  return {
    profile: profile.profile,
    threshold: threshold.threshold,
    ledger,
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
