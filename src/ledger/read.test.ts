import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { forEachLedgerLine } from './lines.js';
import { countBySession, readLedger, unreadLedgerNote } from './read.js';

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

describe('a ledger far over the capture cap', () => {
  it('is streamed and only its tail read: the rows of the tail, the unread bytes said', () => {
    const path = join(tempDir('retrospect-read-big-'), 'friction.jsonl');
    const row = (i: number) =>
      `${JSON.stringify({ ts: `2026-11-02T09:00:${String(i % 60).padStart(2, '0')}Z`, session_id: `s${i}`, event: 'StopFailure' })}\n`;
    const lines = Array.from({ length: 2000 }, (_, i) => row(i)).join('');
    writeFileSync(path, lines);
    const whole = readLedger(path);
    expect(whole.rows).toHaveLength(2000);
    expect(whole.unreadBytes).toBe(0);
    const tail = forEachLedgerLine(path, () => {}, { readBytes: 10_000 });
    expect(tail.unreadBytes).toBe(Buffer.byteLength(lines) - 10_000);
    const kept: string[] = [];
    forEachLedgerLine(path, (line) => kept.push(line), { readBytes: 10_000 });
    // The line cut by the tail's start is dropped; every line kept is whole and the last is the file's.
    expect(kept.every((line) => JSON.parse(line).event === 'StopFailure')).toBe(true);
    expect(kept[kept.length - 1]).toBe(row(1999).trim());
    expect(unreadLedgerNote(path, tail.unreadBytes)).toContain('only its last 16.0 MB were read');
  });

  it('passes over a line too long to be a row, counting it as skipped', () => {
    const path = join(tempDir('retrospect-read-long-'), 'friction.jsonl');
    writeFileSync(
      path,
      `{"ts":"t","session_id":"s1","event":"StopFailure"}\r{"ts":"t","session_id":"${'x'.repeat(100_000)}","event":"StopFailure"}\r\n{"ts":"t","session_id":"s2","event":"StopFailure"}`,
    );
    const reading = readLedger(path);
    expect(reading.rows.map((r) => r.session_id)).toEqual(['s1', 's2']);
    expect(reading.skipped).toBe(1);
  });
});
