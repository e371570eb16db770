// The gate's public API (the `retrospect/gate` entry point): re-exports only.
export type { HitReason } from './calibrated/machine.js';
export { formatVerdictJson, renderWhy, shownMessageId } from './format.js';
export { type GateOptions, type GateResult, gateSession, gateSessionSync } from './gate-session.js';
export { type LedgerCoverage, ledgerCoverage, ledgerCoverageIndex, ledgerCoverageKey } from './ledger-s2.js';
export { GateMachine, type SignalHits } from './machine.js';
export {
  DEFAULT_GATE_PROFILE,
  GATE_PROFILE_VERSIONS,
  GATE_PROFILES,
  type GateProfile,
  isGateProfile,
  parseGateProfile,
  resolveGateProfile,
} from './profile.js';
export { type GateSignal, type GateVerdict, withSignal } from './score.js';
export {
  defaultGateSettings,
  type GateSettingFlags,
  type GateSettings,
  resolveGateSettings,
} from './settings.js';
export { GATE_VERSION, SIGNAL_LABELS, SIGNAL_NAMES, type SignalName } from './signals.js';
