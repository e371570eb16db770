import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableEngines, openSqlite } from '../sqlite/index.js';
import { tempDir } from '../test-support/temp-dir.js';
import { fromSqliteRow, SESSION_COLUMNS, sqliteSelectList, sqliteValues } from './columns.js';
import { countSignals, openStore } from './open.js';
import { recordOfRow, rowOfRecord } from './row.js';
import { MIGRATIONS } from './schema.js';
import type { SessionRecord } from './types.js';

interface TableInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** A column as SQLite describes it, written back as a definition (`INTEGER NOT NULL DEFAULT 0`). */
function definitionOf(info: TableInfo): string {
  return [info.type, info.pk ? 'PRIMARY KEY' : '', info.notnull ? 'NOT NULL' : '']
    .concat(info.dflt_value === null ? [] : [`DEFAULT ${info.dflt_value}`])
    .filter((part) => part !== '')
    .join(' ');
}

const verdict = {
  score: 6.5,
  passed: true,
  threshold: 5,
  signals: [{ name: 'S3' as const, count: 2, ids: ['c', 'd'] }],
};

const full: SessionRecord = {
  path: '/p/-home-dev-shop/s1.jsonl',
  size: 100,
  mtimeMs: 1_790_000_000_500,
  host: 'codex',
  sessionId: 's1',
  parentSessionId: 'p0',
  agentId: 'agent-a',
  project: '-home-dev-shop',
  firstTimestamp: '2026-10-01T09:00:00.000Z',
  lastTimestamp: '2026-10-01T10:00:00.000Z',
  lines: 12,
  gateVersion: 1,
  verdict,
  signalCounts: countSignals(verdict),
  gone: true,
  scannedAt: '2026-10-02T00:00:00.000Z',
  ledgerS2: { covered: false },
  transcriptS2: null,
  ledgerStale: true,
  ownRun: false,
  gateProfile: 'seed',
  turns: { human: 2, assistant: 3, toolErrors: 1 },
  usage: { version: 1, entries: null, firstAt: null },
};

describe('the one column list of stored sessions', () => {
  it.each(availableEngines())(
    'is what the SQLite migrations make, name for name and type for type (%s)',
    (engine) => {
      const db = openSqlite(':memory:', { engine });
      for (const step of MIGRATIONS) db.exec(step);
      const made = (db.prepare('PRAGMA table_info(sessions)').all() as TableInfo[]).map((c) => [
        c.name,
        definitionOf(c),
      ]);
      db.close();
      expect(made).toEqual(SESSION_COLUMNS.map((c) => [c.sqliteName, c.sqlite]));
    },
  );

  it('maps a record to a row and back unchanged, and a row to SQLite values and back', () => {
    const row = rowOfRecord(full);
    expect(row).toMatchObject({ score: 6.5, passed: true, s3: 2, s1: 0, gone: true, own_run: false });
    expect(recordOfRow(row)).toEqual(full);
    const values = sqliteValues(row);
    expect(values).toMatchObject({ passed: 1, gone: 1, own_run: 0, verdict_json: JSON.stringify(verdict) });
    expect(Object.keys(values)).toEqual(SESSION_COLUMNS.map((c) => c.sqliteName));
    const back = Object.fromEntries(SESSION_COLUMNS.map((c) => [c.name, values[c.sqliteName]]));
    // In place: the engine's fresh row object is the row, not copied.
    const converted = fromSqliteRow(back);
    expect(converted).toBe(back);
    expect(converted).toEqual(row);
    expect(sqliteSelectList()).toContain('verdict_json AS verdict');
    expect(sqliteSelectList()).toContain('usage_json AS usage');
  });

  it.each(availableEngines())(
    'an old store file (first schema, one row) opens unchanged and upgrades in place (%s)',
    (engine) => {
      const path = join(tempDir('retrospect-columns-'), 'store.sqlite');
      const raw = openSqlite(path, { engine });
      raw.exec(MIGRATIONS[0]!);
      raw.pragma('user_version = 1');
      raw
        .prepare(
          `INSERT INTO sessions (path, size, mtime_ms, host, session_id, project, lines, gate_version, verdict_json,
           score, passed, s1, s3, gone, scanned_at)
         VALUES ('/p/x/old.jsonl', 100, 1790000000500, 'claude-code', 'old', 'x', 12, 1, ?, 6.5, 1, 0, 2, 1,
           '2026-10-02T00:00:00.000Z')`,
        )
        .run(JSON.stringify(verdict));
      raw.close();

      const store = openStore(path, { engine });
      expect(store.sessionAt('/p/x/old.jsonl')).toEqual({
        path: '/p/x/old.jsonl',
        size: 100,
        mtimeMs: 1_790_000_000_500,
        host: 'claude-code',
        sessionId: 'old',
        parentSessionId: undefined,
        agentId: undefined,
        project: 'x',
        firstTimestamp: undefined,
        lastTimestamp: undefined,
        lines: 12,
        gateVersion: 1,
        verdict,
        signalCounts: { S1: 0, S2: 0, S3: 2, S4: 0, S5: 0 },
        gone: true,
        scannedAt: '2026-10-02T00:00:00.000Z',
        ledgerS2: undefined,
        transcriptS2: undefined,
        ledgerStale: false,
        ownRun: undefined,
        gateProfile: 'seed',
        turns: undefined,
        usage: undefined,
      });
      store.upsertSession(full);
      store.close();

      const again = openStore(path, { engine });
      expect(again.sessionAt(full.path)).toEqual(full);
      expect(again.listSessions().map((r) => r.sessionId)).toEqual(['s1', 'old']);
      again.close();
      const check = openSqlite(path, { readOnly: true, engine });
      const columns = (check.prepare('PRAGMA table_info(sessions)').all() as TableInfo[]).map((c) => c.name);
      check.close();
      expect(columns).toEqual(SESSION_COLUMNS.map((c) => c.sqliteName));
    },
  );
});
