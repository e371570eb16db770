import { SIGNAL_RULES, type SignalRules } from '../signals.js';

/**
 * The calibrated profile's weights: the seed profile's, except S5. A terse reply is how people type to Claude Code
 * ("continue", "claude -r", "1"); on the labelled sessions it fired in a quarter of the smooth ones, so it
 * keeps half its weight (four terse replies now add 2.0, never a flag on their own). Threshold meaning is
 * unchanged: 5.0 is "two independent signals or one very strong one".
 */
export const CALIBRATED_RULES: SignalRules = {
  ...SIGNAL_RULES,
  S5: { ...SIGNAL_RULES.S5, weight: 0.5 },
};
