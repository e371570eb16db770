import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableEngines, openSqlite } from '../sqlite/index.js';
import { countSignals, openStore } from '../store/open.js';
import { MIGRATIONS } from '../store/schema.js';
import type { SessionRecord } from '../store/types.js';
import { tempDir } from '../test-support/temp-dir.js';
import type { SessionUsage } from './session-usage.js';

const verdict = { score: 0, passed: false, threshold: 5, signals: [] };

function record(path: string, usage: SessionUsage | undefined): SessionRecord {
  return {
    path,
    size: 10,
    mtimeMs: 1_790_000_000_000,
    host: 'claude-code',
    sessionId: path,
    parentSessionId: undefined,
    agentId: undefined,
    firstTimestamp: undefined,
    lastTimestamp: undefined,
    project: '-home-dev-shop',
    lines: 3,
    gateVersion: 1,
    verdict,
    signalCounts: countSignals(verdict),
    gone: false,
    scannedAt: '2026-10-02T00:00:00.000Z',
    ledgerStale: false,
    gateProfile: 'calibrated',
    turns: { human: 1, assistant: 1, toolErrors: 0 },
    usage,
  };
}

const used: SessionUsage = {
  version: 1,
  firstAt: '2026-10-01T09:00:00.000Z',
  entries: [
    {
      model: 'claude-sonnet-4-6',
      band: 0,
      signal: 'S1',
      calls: 2,
      tokens: { input: 3, output: 40, cache_write: 100, cache_read: 900, cache_write_1h: 100 },
    },
  ],
};

describe.each(availableEngines())('usage in the session store (%s)', (engine) => {
  it('keeps a session’s usage, and “no usage recorded” apart from “not read yet”', () => {
    const path = join(tempDir('retrospect-usage-'), 'store.sqlite');
    const store = openStore(path, { engine });
    store.upsertSession(
      record('/p/a.jsonl', used),
      record('/p/b.jsonl', { version: 1, entries: null, firstAt: null }),
      record('/p/c.jsonl', undefined),
    );
    store.close();
    const again = openStore(path, { engine });
    expect(again.sessionAt('/p/a.jsonl')?.usage).toEqual(used);
    expect(again.sessionAt('/p/b.jsonl')?.usage).toEqual({ version: 1, entries: null, firstAt: null });
    expect(again.sessionAt('/p/c.jsonl')?.usage).toBeUndefined();
    const known = again.knownFiles('/p/');
    expect([...known].map(([p, k]) => [p, k.hasUsage]).sort()).toEqual([
      ['/p/a.jsonl', true],
      ['/p/b.jsonl', true],
      ['/p/c.jsonl', false],
    ]);
    again.close();
  });

  it('upgrades a store of the previous schema in place: its rows are read once more for their usage', () => {
    const path = join(tempDir('retrospect-usage-'), 'store.sqlite');
    const old = openSqlite(path, { engine });
    for (const step of MIGRATIONS.slice(0, -1)) old.exec(step);
    old.pragma(`user_version = ${MIGRATIONS.length - 1}`);
    old.exec(
      `INSERT INTO sessions (path, size, mtime_ms, host, session_id, project, lines, gate_version, verdict_json,
         score, passed, scanned_at, gate_profile, turns_human, turns_assistant, turns_tool_errors)
       VALUES ('/p/old.jsonl', 10, 1, 'claude-code', 's', 'x', 3, 1, '${JSON.stringify(verdict)}', 0, 0, 't',
         'calibrated', 1, 1, 0)`,
    );
    old.close();
    const store = openStore(path, { engine });
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
    expect(store.knownFiles('/p/').get('/p/old.jsonl')?.hasUsage).toBe(false);
    expect(store.sessionAt('/p/old.jsonl')?.usage).toBeUndefined();
    store.close();
  });
});
