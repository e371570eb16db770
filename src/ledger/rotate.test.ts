import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerCaps } from './caps.js';
import { offsetWithinCaps, rotateLedger } from './rotate.js';

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

describe('rotateLedger', () => {
  it('rewrites the file with only the rows that fit, and leaves a file within caps alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'retrospect-rotate-'));
    const path = join(dir, 'friction.jsonl');
    writeFileSync(path, rows(12));
    expect(rotateLedger(path, { maxLines: 20, maxBytes: 1000 }, 98)).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(rows(12));
    expect(rotateLedger(path, { maxLines: 5, maxBytes: 1000 }, 98)).toBe(56);
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toEqual([
      '{"n":7}',
      '{"n":8}',
      '{"n":9}',
      '{"n":10}',
      '{"n":11}',
    ]);
  });
});
