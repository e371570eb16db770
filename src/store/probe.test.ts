import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite/index.js';
import { tempDir } from '../test-support/temp-dir.js';
import { openStore } from './open.js';
import { isSessionStore } from './probe.js';

describe('isSessionStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('retrospect-probe-');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('recognises a store that openStore created', () => {
    const path = join(dir, 'store.sqlite');
    openStore(path).close();
    expect(isSessionStore(path)).toBe(true);
  });

  it('refuses a missing file, a text file and an unrelated database, and changes none of them', () => {
    expect(isSessionStore(join(dir, 'missing.sqlite'))).toBe(false);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database\n');
    expect(isSessionStore(text)).toBe(false);
    expect(readFileSync(text, 'utf8')).toBe('not a database\n');
    const other = join(dir, 'other.sqlite');
    const db = openSqlite(other);
    db.exec('CREATE TABLE accounts (id INTEGER)');
    db.close();
    const before = readFileSync(other);
    expect(isSessionStore(other)).toBe(false);
    expect(readFileSync(other).equals(before)).toBe(true);
  });
});
