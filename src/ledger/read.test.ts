import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { countBySession, readLedger } from './read.js';

describe('readLedger', () => {
  it('keeps valid rows, fills a missing tool or path, and counts the lines it skipped', () => {
    const path = join(tempDir('retrospect-read-'), 'friction.jsonl');
    writeFileSync(
      path,
      [
        '{"ts":"2026-11-02T09:00:00Z","session_id":"s1","event":"StopFailure"}',
        '',
        '["not","a","row"]',
        '{"ts":"2026-11-02T09:01:00Z","session_id":"s2","event":"PermissionDenied","tool":"Bash","path":"x","extra":1}',
        '{"ts":"2026-11-02T09:02:00Z","session_id":"s1","event":"PostToolUseFailure","tool":"Edit","path":"a.ts"}',
        '{"ts":"2026-11-02T09:0',
      ].join('\r\n'),
    );
    const reading = readLedger(path);
    expect(reading.skipped).toBe(2);
    expect(reading.rows[0]).toEqual({
      ts: '2026-11-02T09:00:00Z',
      session_id: 's1',
      event: 'StopFailure',
      tool: '',
      path: '',
    });
    expect(reading.rows[1]).not.toHaveProperty('extra');
    expect(countBySession(reading.rows)).toEqual([
      { session_id: 's1', count: 2, first_ts: '2026-11-02T09:00:00Z', last_ts: '2026-11-02T09:02:00Z' },
      { session_id: 's2', count: 1, first_ts: '2026-11-02T09:01:00Z', last_ts: '2026-11-02T09:01:00Z' },
    ]);
  });

  it('reports a missing ledger as not existing', () => {
    expect(readLedger(join(tmpdir(), 'retrospect-no-such-ledger.jsonl'))).toMatchObject({
      exists: false,
      rows: [],
    });
  });
});
