import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnreachableError } from '../../errors/errors.js';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../../test-support/postgres.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { SESSION_COLUMNS, typeOfDefinition } from '../columns.js';
import { countSignals } from '../open.js';
import type { SessionRecord } from '../types.js';
import { OWNER_COLUMNS, PG_MIGRATIONS } from './schema.js';
import { PostgresSessionStore } from './store.js';

const skip = postgresSkipReason();
if (skip) console.warn(skip);

function record(
  home: string,
  name: string,
  score: number,
  overrides: Partial<SessionRecord> = {},
): SessionRecord {
  const verdict = {
    score,
    passed: score >= 5,
    threshold: 5,
    signals:
      score > 0
        ? [{ name: 'S1' as const, count: score / 3, ids: ['0b7c9d1e-aaaa-4bbb-8ccc-000000000001'] }]
        : [],
  };
  return {
    path: join(home, '.claude', 'projects', '-home-dev-shop', `${name}.jsonl`),
    size: 1200,
    mtimeMs: Date.UTC(2026, 10, 2, 9) + score,
    host: 'claude-code',
    sessionId: name,
    parentSessionId: undefined,
    agentId: undefined,
    project: '-home-dev-shop',
    firstTimestamp: '2026-11-02T09:00:00.000Z',
    lastTimestamp: '2026-11-02T09:30:00.000Z',
    lines: 12,
    gateVersion: 3,
    verdict,
    signalCounts: countSignals(verdict),
    gone: false,
    scannedAt: '2026-11-02T10:00:00.000Z',
    ledgerStale: false,
    ownRun: false,
    gateProfile: 'seed',
    ...overrides,
  };
}

describe.skipIf(skip !== undefined)('the shared PostgreSQL session store', () => {
  let server: TestPostgres;
  let n = 0;
  const freshDatabase = () => {
    const name = `store_${++n}`;
    server.createDatabase(name);
    return server.url(name);
  };
  const homeOf = (who: string) => tempDir(`retrospect-home-${who}-`);

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it('keeps each machine’s rows apart: a scan compares its own, the team sees all', async () => {
    const url = freshDatabase();
    const homeA = homeOf('a');
    const homeB = homeOf('b');
    // Both open at once: the migration runs once, under its lock.
    const [a, b] = await Promise.all([
      PostgresSessionStore.open(url, { machine: 'laptop-a', user: 'ada', home: homeA }),
      PostgresSessionStore.open(url, { machine: 'laptop-b', user: 'bo', home: homeB }),
    ]);
    try {
      // The same home-relative path on two machines is two rows, written concurrently.
      await Promise.all([
        a.upsertSession(record(homeA, 's1', 9), record(homeA, 's2', 0)),
        b.upsertSession(record(homeB, 's1', 3)),
      ]);
      const mine = await a.knownFiles(join(homeA, '.claude', 'projects') + '/');
      expect([...mine.keys()].sort()).toEqual([
        join(homeA, '.claude/projects/-home-dev-shop/s1.jsonl'),
        join(homeA, '.claude/projects/-home-dev-shop/s2.jsonl'),
      ]);
      expect(mine.get(join(homeA, '.claude/projects/-home-dev-shop/s1.jsonl'))).toMatchObject({
        size: 1200,
        gone: false,
        gateError: false,
        ownRun: false,
      });
      const back = await a.sessionAt(join(homeA, '.claude/projects/-home-dev-shop/s1.jsonl'));
      expect(back).toEqual({
        ...record(homeA, 's1', 9),
        machine: 'laptop-a',
        user: 'ada',
        remote: false,
        ledgerS2: undefined,
        transcriptS2: undefined,
      });
      const team = await a.listSessions({ scope: {} });
      expect(team.map((r) => `${r.machine}/${r.sessionId}`).sort()).toEqual([
        'laptop-a/s1',
        'laptop-a/s2',
        'laptop-b/s1',
      ]);
      // Another machine's path is shown as stored: relative to its home, never this machine's path.
      expect(team.find((r) => r.machine === 'laptop-b')?.remote).toBe(true);
      expect(team.find((r) => r.machine === 'laptop-b')?.path).toBe(
        '~/.claude/projects/-home-dev-shop/s1.jsonl',
      );
      expect(await b.listSessions({ scope: { user: 'ada' } })).toHaveLength(2);
      expect(await b.listSessions({ scope: 'mine' })).toHaveLength(1);

      expect(await a.markGone([join(homeA, '.claude/projects/-home-dev-shop/s2.jsonl')])).toBe(1);
      expect(await a.markGone([join(homeA, '.claude/projects/-home-dev-shop/s2.jsonl')])).toBe(0);
      expect(await b.listSessions({ includeGone: false, scope: {} })).toHaveLength(2);
      await a.setOwnRun([[join(homeA, '.claude/projects/-home-dev-shop/s1.jsonl'), true]]);
      expect((await a.sessionAt(join(homeA, '.claude/projects/-home-dev-shop/s1.jsonl')))?.ownRun).toBe(true);

      await a.setMeta('warned', 'yes');
      expect(await a.getMeta('warned')).toBe('yes');
      expect(await b.getMeta('warned')).toBeUndefined();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }

    // What the rows hold: home-relative paths, no home folder; and the migration ran once.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const paths = await client.query<{ path: string }>(
        'SELECT path FROM retrospect_sessions ORDER BY path',
      );
      for (const row of paths.rows) expect(row.path.startsWith('~/.claude/projects/')).toBe(true);
      const steps = await client.query('SELECT version FROM retrospect_migrations');
      expect(steps.rowCount).toBe(PG_MIGRATIONS.length);
    } finally {
      await client.end();
    }
  });

  it('its migrations make exactly the one column list, and a store of the first schema opens with its rows', async () => {
    const url = freshDatabase();
    const home = homeOf('old');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // A store as the first release made it: its first step only, with one row.
      await client.query(PG_MIGRATIONS[0]!);
      await client.query(
        `CREATE TABLE retrospect_migrations (
           version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
         INSERT INTO retrospect_migrations (version) VALUES (1)`,
      );
      const old = record(home, 'old', 6);
      await client.query(
        `INSERT INTO retrospect_sessions (machine, user_name, path, size, mtime_ms, host, session_id, project,
           first_ts, last_ts, lines, gate_version, verdict, score, passed, s1, gone, scanned_at, own_run)
         VALUES ('m', 'u', '~/.claude/projects/-home-dev-shop/old.jsonl', 1200, $1, 'claude-code', 'old',
           '-home-dev-shop', '2026-11-02T09:00:00.000Z', '2026-11-02T09:30:00.000Z', 12, 3, $2, 6, TRUE, 2,
           FALSE, '2026-11-02T10:00:00.000Z', FALSE)`,
        [old.mtimeMs, JSON.stringify(old.verdict)],
      );
      const store = await PostgresSessionStore.open(url, { machine: 'm', user: 'u', home });
      try {
        expect(await store.sessionAt(old.path)).toEqual({
          ...old,
          ledgerS2: undefined,
          transcriptS2: undefined,
          turns: undefined,
          usage: undefined,
          machine: 'm',
          user: 'u',
          remote: false,
        });
        const fresh = record(home, 'new', 9, { turns: { human: 1, assistant: 2, toolErrors: 0 } });
        await store.upsertSession(fresh);
        expect((await store.sessionAt(fresh.path))?.turns).toEqual(fresh.turns);
      } finally {
        await store.close();
      }
      const { rows } = await client.query<{ name: string; type: string; notnull: boolean }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attnotnull AS notnull
         FROM pg_attribute WHERE attrelid = 'retrospect_sessions'::regclass AND attnum > 0 AND NOT attisdropped
         ORDER BY attnum`,
      );
      expect(rows).toEqual(
        [...OWNER_COLUMNS, ...SESSION_COLUMNS].map((c) => ({
          name: c.name,
          type: typeOfDefinition(c.postgres),
          notnull: c.postgres.includes('NOT NULL'),
        })),
      );
    } finally {
      await client.end();
    }
  });

  it('a batch larger than one INSERT lands in one transaction', async () => {
    const url = freshDatabase();
    const home = homeOf('batch');
    const store = await PostgresSessionStore.open(url, { machine: 'm', user: 'u', home });
    try {
      const many = Array.from({ length: 1234 }, (_v, i) => record(home, `s${i}`, i % 4 === 0 ? 9 : 0));
      await store.upsertSession(...many);
      expect((await store.knownFiles()).size).toBe(1234);
      // Upserting again replaces, it does not duplicate.
      await store.upsertSession(...many.slice(0, 600).map((r) => ({ ...r, size: 99 })));
      const known = await store.knownFiles();
      expect(known.size).toBe(1234);
      expect([...known.values()].filter((k) => k.size === 99)).toHaveLength(600);
    } finally {
      await store.close();
    }
  });

  it('a connection lost mid-run, or a role that may not create tables, is one clear line', async () => {
    const url = freshDatabase();
    const store = await PostgresSessionStore.open(url, { machine: 'm', user: 'u', home: '/nowhere' });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const lost = await Promise.resolve(store.listSessions({ scope: {} })).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(StoreUnreachableError);
      expect((lost as Error).message).toMatch(
        /^lost the PostgreSQL session store at postgres:\/\/postgres@127\.0\.0\.1:\d+\/store_\d+: /,
      );
      // PostgreSQL 15 lets no ordinary role create tables in another owner's public schema.
      await admin.query('CREATE ROLE reader LOGIN');
    } finally {
      await admin.end();
      await store.close();
    }
    const fresh = freshDatabase();
    const refused = await PostgresSessionStore.open(fresh.replace('postgres@', 'reader@'), {
      machine: 'm',
      user: 'u',
      home: '/nowhere',
    }).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(
      /^the PostgreSQL session store at postgres:\/\/reader@127\.0\.0\.1:\d+\/store_\d+ could not be prepared: permission denied for schema public$/,
    );
  });

  it('a server that cannot be reached is one clear line, without the password', async () => {
    const error = await PostgresSessionStore.open('postgres://retro:s3cret@127.0.0.1:1/team', {
      machine: 'm',
      user: 'u',
      home: '/nowhere',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnreachableError);
    const message = (error as Error).message;
    expect(message).toBe(
      'cannot reach the PostgreSQL session store at postgres://retro:***@127.0.0.1:1/team: connection refused',
    );
    expect(message).not.toContain('s3cret');
  });

  it('a password given the libpq way (?password=) logs in, and no error prints it', async () => {
    const url = `${freshDatabase()}?password=libpq-s3cret`;
    const store = await PostgresSessionStore.open(url, { machine: 'm', user: 'u', home: '/nowhere' });
    expect(store.label).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/store_\d+\?password=\*\*\*$/);
    await store.close();
    const missing = await PostgresSessionStore.open(url.replace(/store_\d+/, 'no_such_db'), {
      machine: 'm',
      user: 'u',
      home: '/nowhere',
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StoreUnreachableError);
    expect((missing as Error).message).toMatch(
      /^cannot reach the PostgreSQL session store at postgres:\/\/postgres@127\.0\.0\.1:\d+\/no_such_db\?password=\*\*\*: database "no_such_db" does not exist$/,
    );
  });
});
