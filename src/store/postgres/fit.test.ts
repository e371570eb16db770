import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../errors/errors.js';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../../test-support/postgres.js';
import { PostgresSessionStore } from './store.js';

const skip = postgresSkipReason();
if (skip) console.warn(skip);

const IDENTITY = { machine: 'm1', user: 'ada', home: '/home/ada' };

async function sql(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openError(url: string): Promise<Error> {
  try {
    const store = await PostgresSessionStore.open(url, IDENTITY);
    await store.close();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the store to be refused');
}

describe.skipIf(skip !== undefined)('a team store whose tables do not fit', () => {
  let server: TestPostgres;
  let n = 0;
  const freshStore = async () => {
    const name = `fit_${++n}`;
    server.createDatabase(name);
    const url = server.url(name);
    await (await PostgresSessionStore.open(url, IDENTITY)).close();
    return url;
  };
  beforeAll(async () => {
    server = await startPostgres();
  }, 120_000);
  afterAll(() => server?.stop());

  it('a table without a column or with one of another type: one line naming each and the fix', async () => {
    const url = await freshStore();
    await sql(
      url,
      'ALTER TABLE retrospect_sessions DROP COLUMN turns_human; ALTER TABLE retrospect_sessions ALTER COLUMN score TYPE TEXT',
    );
    const error = await openError(url);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(
      /^the PostgreSQL session store at postgres:\/\/postgres@127\.0\.0\.1:\d+\/fit_\d+ does not match this release's tables: retrospect_sessions\.score is text, not double precision; retrospect_sessions has no column turns_human \(integer\); fix the tables \(ALTER TABLE\) or give --store a new database/,
    );
    expect(error.message).not.toContain('\n');
  });

  it('a role that can connect but may not read or write the tables: one line naming what it lacks and the GRANT', async () => {
    const url = await freshStore();
    await sql(
      url,
      'CREATE ROLE viewer LOGIN; GRANT SELECT ON retrospect_migrations, retrospect_sessions TO viewer',
    );
    const asViewer = url.replace('postgres://postgres@', 'postgres://viewer@');
    const error = await openError(asViewer);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(
      /^the role viewer may not use the PostgreSQL session store at .*: it lacks INSERT on retrospect_sessions, UPDATE on retrospect_sessions, DELETE on retrospect_sessions, SELECT on retrospect_meta/,
    );
    expect(error.message).toMatch(
      /GRANT SELECT, INSERT, UPDATE, DELETE ON retrospect_sessions, retrospect_meta/,
    );
    expect(error.message).not.toMatch(/please report/);
  });

  it('a column dropped while the store is open: the next query fails as one line, not a crash', async () => {
    const url = await freshStore();
    const store = await PostgresSessionStore.open(url, IDENTITY);
    try {
      await sql(url, 'ALTER TABLE retrospect_sessions DROP COLUMN gate_profile');
      await expect(store.knownFiles()).rejects.toThrow(
        /does not match this release's tables \(column "gate_profile" does not exist\)/,
      );
    } finally {
      await store.close();
    }
  });
});
