import { copyFileSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors/errors.js';
import { storedSession } from '../report/test-support/records.js';
import { availableEngines, openSqlite, type SqliteEngineName } from '../sqlite/index.js';
import { tempDir } from '../test-support/temp-dir.js';
import { moveStoreAside } from './aside.js';
import { openStore } from './open.js';

function storeWithRows(n: number, engine: SqliteEngineName): string {
  const path = join(tempDir('retrospect-store-unusable-'), 'store.sqlite');
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

describe('a file that is not SQLite at all given as the store', () => {
  it('is named as such (never "damaged"), and neither opening nor --rebuild moves or changes it', () => {
    const dir = tempDir('retrospect-store-text-');
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'meeting notes, not a database\n');
    let error: unknown;
    try {
      openStore(path).close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).problem).toBe('not-a-store');
    expect((error as Error).message).toMatch(
      /is not a Retrospect session store \(not a SQLite database at all \(it starts with "meeting notes, not a dat"\)\)/,
    );
    expect((error as Error).message).not.toMatch(/damaged/);
    expect(() => moveStoreAside(path)).toThrow(/not a SQLite database at all.*not moved/);
    expect(readFileSync(path, 'utf8')).toBe('meeting notes, not a database\n');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('an empty file is still a new store', () => {
    const dir = tempDir('retrospect-store-empty-');
    const path = join(dir, 'store.sqlite');
    writeFileSync(path, '');
    openStore(path).close();
    expect(readFileSync(path).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });
});
