import { describe, expect, it } from 'vitest';
import { mayExceedCaps, offsetWithinCaps } from './rotate.js';
import { ledgerCaps } from './settings.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => `{"n":${i}}\n`).join('');

describe('ledger caps', () => {
  it('reads both caps from the environment and falls back on unusable values', () => {
    expect(ledgerCaps({})).toEqual({ maxLines: 10_000, maxBytes: 5_242_880 });
    expect(ledgerCaps({ FRICTION_LEDGER_MAX_LINES: ' 7 ', FRICTION_LEDGER_MAX_BYTES: '900' })).toEqual({
      maxLines: 7,
      maxBytes: 900,
    });
    for (const bad of ['abc', '-3', '1.5', '', '0', '1e3']) {
      expect(ledgerCaps({ FRICTION_LEDGER_MAX_LINES: bad, FRICTION_LEDGER_MAX_BYTES: bad })).toEqual({
        maxLines: 10_000,
        maxBytes: 5_242_880,
      });
    }
  });
});

describe('offsetWithinCaps', () => {
  it('keeps the newest whole lines that fit both caps', () => {
    const content = Buffer.from(rows(10)); // each row is 8 bytes: {"n":0}\n
    expect(offsetWithinCaps(content, { maxLines: 10, maxBytes: 1000 })).toBeUndefined();
    expect(content.subarray(offsetWithinCaps(content, { maxLines: 3, maxBytes: 1000 })).toString()).toBe(
      '{"n":7}\n{"n":8}\n{"n":9}\n',
    );
    // 20 bytes hold two 8-byte rows but not three.
    expect(content.subarray(offsetWithinCaps(content, { maxLines: 100, maxBytes: 20 })).toString()).toBe(
      '{"n":8}\n{"n":9}\n',
    );
  });

  it('drops even the newest line when it alone exceeds the byte cap', () => {
    const content = Buffer.from('{"a":1}\n{"long":"xxxxxxxxxxxxxxxxxxxx"}\n');
    expect(offsetWithinCaps(content, { maxLines: 10, maxBytes: 10 })).toBe(content.length);
  });
});

describe('mayExceedCaps', () => {
  it('is false only when the size alone proves both caps hold', () => {
    expect(mayExceedCaps(100, { maxLines: 100, maxBytes: 1000 })).toBe(false);
    expect(mayExceedCaps(101, { maxLines: 100, maxBytes: 1000 })).toBe(true);
    expect(mayExceedCaps(1001, { maxLines: 10_000, maxBytes: 1000 })).toBe(true);
  });
});
