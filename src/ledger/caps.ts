/** Size limits of the friction ledger; the capture hook drops the oldest rows to stay within both. */
export interface LedgerCaps {
  maxLines: number;
  maxBytes: number;
}

export const DEFAULT_LEDGER_CAPS: LedgerCaps = { maxLines: 10_000, maxBytes: 5_242_880 };
