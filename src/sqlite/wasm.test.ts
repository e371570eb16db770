import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { openSqlite } from './database.js';
import { availableEngines } from './engines.js';

const WASM = 'node-sqlite3-wasm' as const;
const BUILT_SQLITE = pathToFileURL(join(REPO_ROOT, 'dist', 'sqlite', 'index.js')).href;
/** A native engine of this Node, to write and read the files the WebAssembly one must share. */
const native = availableEngines().find((engine) => engine !== WASM);

/** A script for a fresh Node that opens `path` on the WebAssembly engine (the built adapter) and runs `body`. */
function script(path: string, body: string): string {
  return `const { openSqlite } = await import(${JSON.stringify(BUILT_SQLITE)});
    const db = openSqlite(${JSON.stringify(path)}, { engine: '${WASM}', busyTimeoutMs: 20000 });
    ${body}`;
}

function runNode(source: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (status) => resolvePromise({ status, stderr }));
  });
}

describe('the WebAssembly engine (node-sqlite3-wasm)', () => {
  it.skipIf(native === undefined)(
    'shares the file with a native engine: a WAL store is read, left for a rollback journal, and taken back',
    () => {
      const path = join(tempDir('retrospect-wasm-'), 'store.sqlite');
      const first = openSqlite(path, { engine: native });
      first.pragma('journal_mode = WAL');
      first.exec("CREATE TABLE t (n INTEGER, s TEXT); INSERT INTO t VALUES (1, 'native')");
      first.close();
      const wasm = openSqlite(path, { engine: WASM });
      expect(wasm.prepare('SELECT n, s FROM t').all()).toEqual([{ n: 1, s: 'native' }]);
      expect(wasm.pragma('journal_mode')).toBe('delete');
      wasm.prepare('INSERT INTO t VALUES (?, ?)').run(2, 'wasm');
      wasm.close();
      expect(existsSync(`${path}-wal`)).toBe(false);
      const again = openSqlite(path, { engine: native });
      expect(again.pragma('journal_mode = WAL')).toBe('wal');
      expect(again.prepare('SELECT n, s FROM t ORDER BY n').all()).toEqual([
        { n: 1, s: 'native' },
        { n: 2, s: 'wasm' },
      ]);
      expect(again.pragma('integrity_check')).toBe('ok');
      again.close();
    },
  );

  it.skipIf(native === undefined)(
    'leaves a WAL store alone while a native engine has it open (its shared memory is there), saying so as busy',
    () => {
      const path = join(tempDir('retrospect-wasm-'), 'store.sqlite');
      const holder = openSqlite(path, { engine: native });
      holder.pragma('journal_mode = WAL');
      holder.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)');
      expect(existsSync(`${path}-shm`)).toBe(true);
      expect(() => openSqlite(path, { engine: WASM })).toThrow(
        expect.objectContaining({
          code: 'SQLITE_BUSY',
          message: expect.stringMatching(/native SQLite, in WAL mode/),
        }),
      );
      holder.close();
      const wasm = openSqlite(path, { engine: WASM });
      expect(wasm.prepare('SELECT n FROM t').all()).toEqual([{ n: 1 }]);
      wasm.close();
    },
  );

  it('reads a live WAL database read-only from a copy, leaving nothing beside it and nothing in the temp folder', () => {
    const dir = tempDir('retrospect-wasm-');
    const path = join(dir, 'opencode.db');
    const writer = openSqlite(path, { engine: native ?? WASM });
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (7)');
    const before = readdirSync(dir).sort();
    const scratchBefore = readdirSync(tmpdir()).filter((name) =>
      name.startsWith('retrospect-sqlite-'),
    ).length;
    const reader = openSqlite(path, { engine: WASM, readOnly: true });
    expect(reader.prepare('SELECT n FROM t').all()).toEqual([{ n: 7 }]);
    expect(() => reader.exec('INSERT INTO t VALUES (8)')).toThrow();
    reader.close();
    writer.close();
    expect(
      readdirSync(dir).filter((name) => !before.includes(name) && !name.startsWith('opencode.db')),
    ).toEqual([]);
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('retrospect-sqlite-')).length).toBe(
      scratchBefore,
    );
  });

  it('two processes writing at once lose nothing and leave an intact file', async () => {
    const path = join(tempDir('retrospect-wasm-'), 'store.sqlite');
    const setup = openSqlite(path, { engine: WASM });
    setup.exec('CREATE TABLE t (who TEXT, n INTEGER, pad TEXT)');
    setup.close();
    const writer = (who: string) =>
      script(
        path,
        `const insert = db.prepare('INSERT INTO t VALUES (?, ?, ?)');
         for (let i = 0; i < 150; i++) db.transaction(() => {
           insert.run('${who}', i, 'x'.repeat(500));
           db.prepare('SELECT count(*) AS c FROM t').get();
         }, 'immediate');
         db.close();`,
      );
    const runs = await Promise.all([runNode(writer('a')), runNode(writer('b'))]);
    expect(runs.map((run) => run.stderr)).toEqual(['', '']);
    expect(runs.map((run) => run.status)).toEqual([0, 0]);
    const db = openSqlite(path, { engine: WASM });
    expect(db.pragma('integrity_check')).toBe('ok');
    expect(db.prepare('SELECT who, count(*) AS c FROM t GROUP BY who ORDER BY who').all()).toEqual([
      { who: 'a', c: 150 },
      { who: 'b', c: 150 },
    ]);
    db.close();
  }, 60_000);

  it('a process killed inside a transaction leaves no lock that stops the next one, and its write is rolled back', () => {
    const path = join(tempDir('retrospect-wasm-'), 'store.sqlite');
    const setup = openSqlite(path, { engine: WASM });
    setup.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)');
    setup.close();
    const killed = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        script(
          path,
          "db.exec('BEGIN IMMEDIATE; INSERT INTO t VALUES (2)'); process.kill(process.pid, 'SIGKILL');",
        ),
      ],
      { encoding: 'utf8' },
    );
    expect(killed.signal).toBe('SIGKILL');
    // What it left: the engine's lock directory, ours, and a hot journal.
    expect(existsSync(`${path}.lock`)).toBe(true);
    expect(existsSync(`${path}-wasm.lock`)).toBe(true);
    const db = openSqlite(path, { engine: WASM, busyTimeoutMs: 2_000 });
    expect(db.prepare('SELECT n FROM t').all()).toEqual([{ n: 1 }]);
    db.prepare('INSERT INTO t VALUES (3)').run();
    expect(db.pragma('integrity_check')).toBe('ok');
    db.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(existsSync(`${path}-wasm.lock`)).toBe(false);
  });
});
