import { DEFAULT_LEDGER_CAPS, type LedgerCaps } from './caps.js';
import { ledgerFromEnv } from './path.js';

/** Where the friction ledger is and how large it may grow, resolved once at the edge. */
export interface LedgerSettings {
  /** `FRICTION_LEDGER`: the ledger the user chose; undefined: the main checkout's own. */
  ledger?: string;
  /** `FRICTION_LEDGER_MAX_LINES` and `FRICTION_LEDGER_MAX_BYTES`; non-numeric or zero values fall back. */
  caps: LedgerCaps;
}

function positiveWhole(value: string | undefined, fallback: number): number {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return fallback;
  const n = Number(text);
  // A cap of zero would make every capture a no-op; treat it like any other unusable value.
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}

/** `FRICTION_LEDGER_MAX_LINES` and `FRICTION_LEDGER_MAX_BYTES`; non-numeric or zero values fall back. */
export function ledgerCaps(env: NodeJS.ProcessEnv): LedgerCaps {
  return {
    maxLines: positiveWhole(env.FRICTION_LEDGER_MAX_LINES, DEFAULT_LEDGER_CAPS.maxLines),
    maxBytes: positiveWhole(env.FRICTION_LEDGER_MAX_BYTES, DEFAULT_LEDGER_CAPS.maxBytes),
  };
}

/**
 * The ledger's keys resolved together (the chosen ledger by ledger/path.ts's `ledgerFromEnv`, the caps
 * here): the friction-capture hook resolves them here before it writes.
 */
export function resolveLedgerSettings(env: NodeJS.ProcessEnv): LedgerSettings {
  const ledger = ledgerFromEnv(env);
  return { ...(ledger !== undefined ? { ledger } : {}), caps: ledgerCaps(env) };
}
