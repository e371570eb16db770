/** Size limits of the friction ledger; the capture hook drops the oldest rows to stay within both. */
export interface LedgerCaps {
  maxLines: number;
  maxBytes: number;
}

export const DEFAULT_LEDGER_CAPS: LedgerCaps = { maxLines: 10_000, maxBytes: 5_242_880 };

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
