import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../sqlite/index.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { isOpencodeDatabase, sessionMessages, sessionRow, sessionRows } from './db.js';
import { readOpencodeSession } from './read.js';

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

  const SESSION_TABLE = `CREATE TABLE session (id TEXT PRIMARY KEY, parent_id TEXT, directory TEXT, time_created INTEGER, time_updated INTEGER);
     INSERT INTO session VALUES ('ses_1', NULL, '/p', 1, 2);`;

  it('leaves out a part over the row cap unloaded and counts it; the other parts and messages read', () => {
    const path = database(SESSION_TABLE);
    const db = openSqlite(path);
    db.prepare('INSERT INTO message VALUES (?, ?, ?, ?)').run('msg_1', 'ses_1', 10, '{"role":"user"}');
    const insertPart = db.prepare('INSERT INTO part VALUES (?, ?, ?)');
    insertPart.run('prt_1', 'msg_1', JSON.stringify({ type: 'text', text: 'hello' }));
    insertPart.run('prt_2', 'msg_1', JSON.stringify({ type: 'text', text: 'x'.repeat(4096) }));
    insertPart.run('prt_3', 'msg_1', JSON.stringify({ type: 'text', text: 'bye' }));
    db.close();
    let oversized = 0;
    const messages = sessionMessages(path, 'ses_1', { maxRowBytes: 1024, onOversized: () => oversized++ });
    expect(oversized).toBe(1);
    expect(messages?.[0]?.parts.map((part) => part.text)).toEqual(['hello', 'bye']);
    // Without a cap below it the part reads: the cap, not the content, left it out.
    expect(sessionMessages(path, 'ses_1')?.[0]?.parts).toHaveLength(3);
  });

  it('reads a session of 130,000 messages in order (no spread of its times overflows the stack)', () => {
    const path = database(SESSION_TABLE);
    const db = openSqlite(path);
    const insert = db.prepare('INSERT INTO message VALUES (?, ?, ?, ?)');
    const insertPart = db.prepare('INSERT INTO part VALUES (?, ?, ?)');
    db.exec('BEGIN');
    for (let i = 0; i < 130_000; i++) {
      const id = `msg_${String(i).padStart(7, '0')}`;
      // Two messages share each time: the order falls back on the id, across a page's edge too.
      insert.run(
        id,
        'ses_1',
        1_000 + Math.floor(i / 2),
        JSON.stringify({ role: 'assistant', time: { created: 1_000 + i } }),
      );
      if (i % 1000 === 0) insertPart.run(`prt_${i}`, id, JSON.stringify({ type: 'text', text: `part ${i}` }));
    }
    db.exec('COMMIT');
    db.close();
    const messages = sessionMessages(path, 'ses_1');
    expect(messages).toHaveLength(130_000);
    expect(messages?.[129_999]?.id).toBe('msg_0129999');
    expect(messages?.every((m, i) => m.id === `msg_${String(i).padStart(7, '0')}`)).toBe(true);
    expect(messages?.filter((m) => m.parts.length > 0)).toHaveLength(130);
    const session = readOpencodeSession(join(path, 'ses_1'));
    expect(session.facts.lastTimestamp).toBe(new Date(1_000 + 129_999).toISOString());
  }, 60_000);
});
