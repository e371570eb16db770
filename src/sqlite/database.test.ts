import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { sqliteCodeName } from './codes.js';
import { openSqlite } from './database.js';
import { availableEngines, defaultEngine } from './engines.js';

/** Node's built-in SQLite is flag-free from 22.13 and 23.4 (read from the version, not by loading it). */
function nodeHasBuiltInSqlite(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 4) || (major === 22 && minor >= 13);
}
const hasBuiltIn = nodeHasBuiltInSqlite(process.versions.node);

describe('the SQLite engines', () => {
  it('uses Node’s built-in SQLite where this Node has it, else better-sqlite3 where it loads, else the WebAssembly one', () => {
    // node-sqlite3-wasm is a plain dependency, there on every Node.
    expect(availableEngines()).toContain('node-sqlite3-wasm');
    const native = availableEngines().includes('better-sqlite3') ? 'better-sqlite3' : 'node-sqlite3-wasm';
    expect(defaultEngine()).toBe(hasBuiltIn ? 'node:sqlite' : native);
  });

  it('names SQLite’s result codes as better-sqlite3 does, extended ones by their primary when not told apart', () => {
    expect(sqliteCodeName(5)).toBe('SQLITE_BUSY');
    expect(sqliteCodeName(26)).toBe('SQLITE_NOTADB');
    expect(sqliteCodeName(522)).toBe('SQLITE_IOERR_SHORT_READ');
    expect(sqliteCodeName(11 | (9 << 8))).toBe('SQLITE_CORRUPT');
    expect(sqliteCodeName(0)).toBeUndefined();
  });
});

// The same behaviour on each engine this Node offers.
describe.each(availableEngines())('an SQLite database on %s', (engine) => {
  it('binds positional and named values, and reads pragmas by value', () => {
    const db = openSqlite(':memory:', { engine });
    expect(db.engine).toBe(engine);
    db.exec('CREATE TABLE t (a TEXT, b INTEGER)');
    expect(db.prepare('INSERT INTO t VALUES (?, ?)').run('x', 1).changes).toBe(1);
    expect(db.prepare('INSERT INTO t VALUES (@a, @b)').run({ a: 'y', b: null }).changes).toBe(1);
    expect(db.prepare('SELECT a, b FROM t ORDER BY a').all()).toEqual([
      { a: 'x', b: 1 },
      { a: 'y', b: null },
    ]);
    expect(db.prepare('SELECT a FROM t WHERE b = ?').get(1)).toEqual({ a: 'x' });
    expect(db.prepare('SELECT a FROM t WHERE b = ?').get(7)).toBeUndefined();
    expect(db.pragma('user_version')).toBe(0);
    db.pragma('user_version = 3');
    expect(db.pragma('user_version')).toBe(3);
    expect(db.pragma('busy_timeout')).toBe(5000);
    db.close();
  });

  it('commits a transaction that returns and rolls back one that throws, a nested one as a savepoint', () => {
    const db = openSqlite(':memory:', { engine });
    db.exec('CREATE TABLE t (n INTEGER)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    expect(db.transaction(() => insert.run(1).changes, 'immediate')).toBe(1);
    expect(() =>
      db.transaction(() => {
        insert.run(2);
        throw new Error('stop');
      }),
    ).toThrow('stop');
    db.transaction(() => {
      insert.run(3);
      expect(() =>
        db.transaction(() => {
          insert.run(4);
          throw new Error('inner');
        }),
      ).toThrow('inner');
    });
    expect(db.prepare('SELECT n FROM t ORDER BY n').all()).toEqual([{ n: 1 }, { n: 3 }]);
    db.close();
  });

  it('carries SQLite’s code name in `code`: a file that is no database, a missing one opened read-only, a busy one', () => {
    const dir = tempDir('retrospect-sqlite-');
    const garbage = join(dir, 'garbage.sqlite');
    writeFileSync(garbage, 'x'.repeat(4096));
    expect(() => openSqlite(garbage, { engine }).prepare('SELECT * FROM sqlite_master').all()).toThrow(
      expect.objectContaining({ code: 'SQLITE_NOTADB' }),
    );
    expect(() => openSqlite(join(dir, 'missing.sqlite'), { readOnly: true, engine })).toThrow(
      expect.objectContaining({ code: 'SQLITE_CANTOPEN' }),
    );
    const path = join(dir, 'locked.sqlite');
    const holder = openSqlite(path, { engine });
    holder.exec('CREATE TABLE t (n INTEGER); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)');
    const waiter = openSqlite(path, { engine, busyTimeoutMs: 0 });
    expect(() => waiter.exec('INSERT INTO t VALUES (2)')).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
    holder.exec('COMMIT');
    waiter.close();
    holder.close();
  });

  it('never creates a file it was asked to open read-only, and refuses writes to it', () => {
    const path = join(tempDir('retrospect-sqlite-'), 'store.sqlite');
    openSqlite(path, { engine }).exec('CREATE TABLE t (n INTEGER)');
    const reader = openSqlite(path, { readOnly: true, engine });
    expect(() => reader.exec('INSERT INTO t VALUES (1)')).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^SQLITE_READONLY/) }),
    );
    reader.close();
  });
});
