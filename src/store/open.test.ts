import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableEngines, openSqlite } from '../sqlite/index.js';
import { tempDir } from '../test-support/temp-dir.js';
import { countSignals, openStore } from './open.js';
import { MIGRATIONS } from './schema.js';
import type { SessionRecord } from './types.js';

function record(overrides: Partial<SessionRecord>): SessionRecord {
  const verdict = {
    score: 6.5,
    passed: true,
    threshold: 5,
    signals: [
      { name: 'S2' as const, count: 2, ids: ['a', 'b'] },
      { name: 'S3' as const, count: 1, ids: ['c'] },
    ],
  };
  return {
    path: '/p/-home-dev-shop/s1.jsonl',
    size: 100,
    mtimeMs: 1_790_000_000_500,
    host: 'claude-code',
    sessionId: 's1',
    parentSessionId: undefined,
    agentId: undefined,
    project: '-home-dev-shop',
    firstTimestamp: '2026-10-01T09:00:00.000Z',
    lastTimestamp: '2026-10-01T10:00:00.000Z',
    lines: 12,
    gateVersion: 1,
    verdict,
    signalCounts: countSignals(verdict),
    gone: false,
    scannedAt: '2026-10-02T00:00:00.000Z',
    ledgerS2: { covered: false },
    transcriptS2: { name: 'S2', count: 2, ids: ['a', 'b'] },
    ledgerStale: false,
    gateProfile: 'seed',
    ...overrides,
  };
}

// Every case runs on each SQLite engine this Node offers (Node's built-in one, better-sqlite3, node-sqlite3-wasm).
describe.each(availableEngines())('session store (%s)', (engine) => {
  it('creates a versioned WAL database and keeps records across reopening', () => {
    const path = join(tempDir('retrospect-store-'), 'nested', 'store.sqlite');
    const store = openStore(path, { engine });
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
    store.upsertSession(record({}));
    store.close();
    const raw = openSqlite(path, { readOnly: true, engine });
    // The WebAssembly engine has no shared memory between processes, so its stores use a rollback journal.
    expect(raw.pragma('journal_mode')).toBe(engine === 'node-sqlite3-wasm' ? 'delete' : 'wal');
    raw.close();
    const again = openStore(path, { engine });
    const [stored] = again.listSessions();
    expect(stored).toEqual(record({}));
    expect(stored!.signalCounts).toEqual({ S1: 0, S2: 2, S3: 1, S4: 0, S5: 0 });
    again.close();
  });

  it('migrates a store of the first schema in place: its rows keep their verdicts, with no S2 sources recorded', () => {
    const path = join(tempDir('retrospect-store-'), 'store.sqlite');
    const raw = openSqlite(path, { engine });
    raw.exec(MIGRATIONS[0]!);
    raw.pragma('user_version = 1');
    raw
      .prepare(
        `INSERT INTO sessions (path, size, mtime_ms, host, session_id, project, lines, gate_version, verdict_json,
           score, passed, s2, scanned_at)
         VALUES ('/p/x/s1.jsonl', 100, 1, 'claude-code', 's1', 'x', 12, 1, ?, 4, 0, 2, '2026-10-02T00:00:00.000Z')`,
      )
      .run(
        JSON.stringify({
          score: 4,
          passed: false,
          threshold: 5,
          signals: [{ name: 'S2', count: 2, ids: ['a', 'b'] }],
        }),
      );
    raw.close();
    const store = openStore(path, { engine });
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
    const stored = store.sessionAt('/p/x/s1.jsonl');
    expect(stored?.verdict.score).toBe(4);
    expect([stored?.ledgerS2, stored?.transcriptS2, stored?.ledgerStale]).toEqual([
      undefined,
      undefined,
      false,
    ]);
    expect(store.knownFiles().get('/p/x/s1.jsonl')).toMatchObject({ ledgerS2: undefined, gateError: false });
    store.close();
  });

  it('migrates a store of the second schema: whether a row is an own run is unknown until a scan checks', () => {
    const path = join(tempDir('retrospect-store-'), 'store.sqlite');
    const raw = openSqlite(path, { engine });
    raw.exec(MIGRATIONS[0]!);
    raw.exec(MIGRATIONS[1]!);
    raw.pragma('user_version = 2');
    raw
      .prepare(
        `INSERT INTO sessions (path, size, mtime_ms, host, session_id, project, lines, gate_version, verdict_json,
           score, passed, scanned_at)
         VALUES ('/p/-home-dev-shop/s1.jsonl', 100, 1, 'claude-code', 's1', '-home-dev-shop', 12, 1,
           '{"score":0,"passed":false,"threshold":5,"signals":[]}', 0, 0, '2026-10-02T00:00:00.000Z')`,
      )
      .run();
    raw.close();
    const store = openStore(path, { engine });
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
    expect(store.sessionAt('/p/-home-dev-shop/s1.jsonl')?.ownRun).toBeUndefined();
    expect(store.knownFiles().get('/p/-home-dev-shop/s1.jsonl')?.ownRun).toBeUndefined();
    store.upsertSession(record({ path: '/p/-home-dev-shop/s2.jsonl', sessionId: 's2', ownRun: true }));
    store.setOwnRun([['/p/-home-dev-shop/s1.jsonl', false]]);
    expect(store.sessionAt('/p/-home-dev-shop/s1.jsonl')?.ownRun).toBe(false);
    expect(store.sessionScores('-home-dev-shop').map((s) => s.sessionId)).toEqual(['s1']);
    store.close();
  });

  it("records where S2 came from: ledger coverage, the transcript's own S2 (or none), and a stale mark", () => {
    const store = openStore(':memory:', { engine });
    const covered = record({
      ledgerS2: { covered: true, runs: ['ledger:tool_error:2026-10-01T09:00:00Z'] },
      transcriptS2: null,
      ledgerStale: true,
    });
    const error = record({
      path: '/p/-home-dev-shop/bad.jsonl',
      verdict: { score: 0, passed: false, threshold: 5, signals: [], error: 'file not found' },
      ledgerS2: undefined,
      transcriptS2: undefined,
    });
    store.upsertSession(covered, error);
    expect(store.sessionAt(covered.path)).toEqual(covered);
    expect(store.knownFiles().get(covered.path)).toMatchObject({
      ledgerS2: '{"covered":true,"runs":["ledger:tool_error:2026-10-01T09:00:00Z"]}',
      ledgerStale: true,
      gateError: false,
    });
    expect(store.knownFiles().get(error.path)).toMatchObject({ ledgerS2: undefined, gateError: true });
    store.close();
  });

  it('refuses a store written by a newer schema', () => {
    const path = join(tempDir('retrospect-store-'), 'store.sqlite');
    const raw = openSqlite(path, { engine });
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openStore(path, { engine })).toThrow(/newer than this release/);
  });

  it('upserts by path, filters by project, dates and folder, and keeps gone verdicts for trial scores', () => {
    const store = openStore(':memory:', { engine });
    store.upsertSession(
      record({}),
      record({
        path: '/p/-home-dev-shop/s2.jsonl',
        sessionId: 's2',
        firstTimestamp: '2026-10-05T09:00:00.000Z',
        lastTimestamp: '2026-10-05T09:30:00.000Z',
        mtimeMs: 1_791_192_660_000, // written just after its last event
      }),
      record({
        path: '/p/-home-dev-shop/agent-x.jsonl',
        sessionId: 's2',
        parentSessionId: 's2',
        agentId: 'agent-x',
      }),
      record({ path: '/q/-home-dev-api/s3.jsonl', sessionId: 's3', project: '-home-dev-api' }),
    );
    store.upsertSession(record({ size: 200, lines: 20 }));
    expect(store.listSessions()).toHaveLength(4);
    expect(store.listSessions({ project: '-home-dev-api' }).map((r) => r.sessionId)).toEqual(['s3']);
    expect(store.listSessions({ since: '2026-10-03T00:00:00.000Z' }).map((r) => r.sessionId)).toEqual(['s2']);
    expect(store.listSessions({ until: '2026-10-03T00:00:00.000Z' })).toHaveLength(3);
    expect(store.listSessions({ under: '/q/' })).toHaveLength(1);
    store.upsertSession(
      record({
        path: '/q/codex/rollout-1.jsonl',
        host: 'codex',
        sessionId: 's4',
        project: '-home-dev-api',
        turns: { human: 2, assistant: 3, toolErrors: 1 },
      }),
    );
    expect(store.listSessions({ hosts: ['codex'] }).map((r) => [r.sessionId, r.turns])).toEqual([
      ['s4', { human: 2, assistant: 3, toolErrors: 1 }],
    ]);
    expect(store.listSessions({ hosts: ['claude-code'] })).toHaveLength(4);
    expect(store.knownFiles('/q/codex/').get('/q/codex/rollout-1.jsonl')?.hasTurns).toBe(true);
    store.markGone(['/q/codex/rollout-1.jsonl']);
    expect(store.knownFiles('/p/').get('/p/-home-dev-shop/s1.jsonl')).toEqual({
      size: 200,
      mtimeMs: 1_790_000_000_500,
      gateVersion: 1,
      gone: false,
      sessionId: 's1',
      ledgerS2: '{"covered":false}',
      ledgerStale: false,
      gateError: false,
      gateProfile: 'seed',
      ownRun: undefined,
      // Stored without turn counts (as a row from before they were counted): the next scan reads it again.
      hasTurns: false,
      // Stored without usage too: the next scan reads it again for that as well.
      hasUsage: false,
    });
    expect(store.markGone(['/p/-home-dev-shop/s1.jsonl', '/nowhere.jsonl'])).toBe(1);
    expect(store.listSessions({ includeGone: false })).toHaveLength(3);
    expect(store.sessionScores('-home-dev-shop')).toEqual([
      { sessionId: 's1', score: 6.5, mtime: 1_790_000_000 },
      { sessionId: 's2', score: 6.5, mtime: 1_791_192_660 },
    ]);
    store.close();
  });

  it('selects files under a folder whose name holds characters outside the BMP', () => {
    const store = openStore(':memory:', { engine });
    store.upsertSession(
      record({ path: '/p/😀-notes/a.jsonl' }),
      record({ path: '/p/😀-notesX/b.jsonl', sessionId: 's-b' }),
    );
    expect(store.listSessions({ under: '/p/😀-notes/' }).map((r) => r.path)).toEqual(['/p/😀-notes/a.jsonl']);
    expect([...store.knownFiles('/p/😀-notes/').keys()]).toEqual(['/p/😀-notes/a.jsonl']);
    store.close();
  });

  it('keeps small notes in its meta table', () => {
    const store = openStore(':memory:', { engine });
    expect(store.getMeta('k')).toBeUndefined();
    store.setMeta('k', 'v1');
    store.setMeta('k', 'v2');
    expect(store.getMeta('k')).toBe('v2');
    store.close();
  });
});
