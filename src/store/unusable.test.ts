import { copyFileSync, mkdtempSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors/errors.js';
import { storedSession } from '../report/test-support/records.js';
import { availableEngines, openSqlite, type SqliteEngineName } from '../sqlite/index.js';
import { openStore } from './open.js';

function storeWithRows(n: number, engine: SqliteEngineName): string {
  const path = join(mkdtempSync(join(tmpdir(), 'retrospect-store-unusable-')), 'store.sqlite');
  const store = openStore(path, { engine });
  for (let i = 0; i < n; i++)
    store.upsertSession({ ...storedSession({ sessionId: `s${i}` }), path: `/p/-home-dev-x/s${i}.jsonl` });
  store.close();
  return path;
}

// Every case runs on each SQLite engine this Node offers (Node's built-in one, better-sqlite3, node-sqlite3-wasm).
describe.each(availableEngines())('a damaged store met after it opened (%s)', (engine) => {
  it('a row whose verdict no longer parses: every read of it is a StoreError that names the file', () => {
    const path = storeWithRows(3, engine);
    const raw = openSqlite(path, { engine });
    raw.prepare("UPDATE sessions SET verdict_json = '{\"score\":' WHERE path LIKE '%s1.jsonl'").run();
    raw.close();
    const store = openStore(path, { engine });
    expect(() => store.listSessions()).toThrow(StoreError);
    expect(() => store.knownFiles()).toThrow(
      /the session store .*store\.sqlite is damaged \(a stored record cannot be read: malformed JSON\)/,
    );
    store.close();
  });

  it('pages cut off the end: queries that reach them fail as damage, not as a crash', () => {
    const path = storeWithRows(400, engine);
    const copy = `${path}.copy`;
    copyFileSync(path, copy);
    truncateSync(copy, 40_000);
    let error: unknown;
    try {
      const store = openStore(copy, { engine });
      store.listSessions();
      store.close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).problem).toBe('corrupt');
  });

  it('a bug is not disguised as damage: errors that are not about the file pass as they are', () => {
    const store = openStore(':memory:', { engine });
    expect(() => store.listSessions({ since: 'not a date' })).toThrow(RangeError);
    store.close();
  });
});
