import { describe, expect, it } from 'vitest';
import { DEFAULT_LEDGER_CAPS } from './caps.js';
import { resolveLedgerSettings } from './settings.js';

describe('resolveLedgerSettings', () => {
  it('reads the chosen ledger and both caps; an empty ledger is none, unusable caps fall back', () => {
    expect(
      resolveLedgerSettings({
        FRICTION_LEDGER: 'mine.jsonl',
        FRICTION_LEDGER_MAX_LINES: '7',
        FRICTION_LEDGER_MAX_BYTES: '900',
      }),
    ).toEqual({ ledger: 'mine.jsonl', caps: { maxLines: 7, maxBytes: 900 } });
    expect(resolveLedgerSettings({ FRICTION_LEDGER: '', FRICTION_LEDGER_MAX_LINES: '0' })).toEqual({
      caps: DEFAULT_LEDGER_CAPS,
    });
  });
});
