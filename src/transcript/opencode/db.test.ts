import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../sqlite/index.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { isOpencodeDatabase, sessionMessages, sessionRow, sessionRows } from './db.js';

const MESSAGE_AND_PART = `
  CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, data TEXT);
  CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, data TEXT);`;

function database(sessionSql: string): string {
  const path = join(tempDir('retrospect-opencode-db-'), 'opencode.db');
  const db = openSqlite(path);
  db.exec(`${sessionSql}${MESSAGE_AND_PART}`);
  db.close();
  return path;
}

describe('an OpenCode database read with bounds', () => {
  it('reads a session table that SQLite stores', () => {
    const db = database(
      `CREATE TABLE session (id TEXT PRIMARY KEY, parent_id TEXT, directory TEXT, time_created INTEGER, time_updated INTEGER);
       INSERT INTO session VALUES ('ses_1', NULL, '/p', 1, 2);`,
    );
    expect(isOpencodeDatabase(db)).toBe(true);
    expect(sessionRows(db).map((row) => row.id)).toEqual(['ses_1']);
  });

  it('does not run a session view that never ends: no sessions, at once', () => {
    const db = database(
      `CREATE VIEW session AS
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
         SELECT 'ses_' || i AS id, NULL AS parent_id, '/p' AS directory, i AS time_created, i AS time_updated FROM n;`,
    );
    const started = Date.now();
    expect(isOpencodeDatabase(db)).toBe(false);
    expect(sessionRows(db)).toEqual([]);
    expect(sessionRow(db, 'ses_1')).toBeUndefined();
    expect(sessionMessages(db, 'ses_1')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('opens no FIFO named opencode.db (SQLite would block in its open)', () => {
    const path = join(tempDir('retrospect-opencode-fifo-'), 'opencode.db');
    execFileSync('mkfifo', [path]);
    const started = Date.now();
    expect(isOpencodeDatabase(path)).toBe(false);
    expect(sessionMessages(path, 'ses_1')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
