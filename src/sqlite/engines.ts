import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { RetrospectError } from '../errors/errors.js';

/**
 * The SQLite engines Retrospect can use. Node's built-in `node:sqlite` (flag-free from Node 22.13 and 23.4)
 * needs nothing installed; better-sqlite3, a native module, is the faster engine for a Node without it
 * (Node 20) and is an optional dependency: an install on a machine that cannot build or download it still
 * succeeds. node-sqlite3-wasm, SQLite compiled to WebAssembly (a plain dependency, nothing to build), is
 * the engine when neither loads (see wasm.ts for what it does differently).
 */
export type SqliteEngineName = 'node:sqlite' | 'better-sqlite3' | 'node-sqlite3-wasm';

export type WasmSqlite = typeof import('node-sqlite3-wasm');

export type NodeSqlite = typeof import('node:sqlite');

let nodeSqlite: NodeSqlite | null | undefined;
let betterSqlite: typeof BetterSqlite3 | null | undefined;
let wasmSqlite: WasmSqlite | null | undefined;

/**
 * Node's built-in SQLite, or null when this Node has none (before 22.5) or keeps it behind
 * `--experimental-sqlite` (22.5 to 22.12). Node marks the module experimental and warns once on loading
 * it; the warning is about Node's API, not about anything the user can act on, so it is dropped here —
 * only that one warning and only while the module loads; every other warning is emitted as before.
 */
export function loadNodeSqlite(): NodeSqlite | null {
  if (nodeSqlite !== undefined) return nodeSqlite;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const kind = typeof warning === 'string' ? type : warning.name;
    if (kind === 'ExperimentalWarning' && /^SQLite\b/.test(text)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    nodeSqlite = (process.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined) ?? null;
  } catch {
    nodeSqlite = null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return nodeSqlite;
}

/** better-sqlite3, or null when it is not installed or its native part does not load on this Node. */
export function loadBetterSqlite(): typeof BetterSqlite3 | null {
  if (betterSqlite !== undefined) return betterSqlite;
  try {
    const loaded = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
    // The JavaScript part loads without the native one; opening a database is what binds it.
    new loaded(':memory:').close();
    betterSqlite = loaded;
  } catch {
    betterSqlite = null;
  }
  return betterSqlite;
}

/**
 * node-sqlite3-wasm, or null when it is not installed. Loading it compiles its WebAssembly (1.3 MB, a few
 * tens of ms), so it is loaded only when no other engine is there, or when asked for by name.
 */
export function loadWasmSqlite(): WasmSqlite | null {
  if (wasmSqlite !== undefined) return wasmSqlite;
  try {
    wasmSqlite = createRequire(import.meta.url)('node-sqlite3-wasm') as WasmSqlite;
  } catch {
    wasmSqlite = null;
    return wasmSqlite;
  }
  warmUp(wasmSqlite);
  return wasmSqlite;
}

/**
 * Runs SQLite's common paths once on a throwaway in-memory database. The WebAssembly is compiled function by
 * function as it first runs, which takes hundreds of ms on a busy machine; done here, before any file is
 * locked, that time is not spent holding the store's lock while other processes wait for it.
 */
function warmUp(sqlite: WasmSqlite): void {
  const db = new sqlite.Database(':memory:');
  try {
    db.exec(
      'CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER, j TEXT); CREATE INDEX t_v ON t (v); BEGIN IMMEDIATE',
    );
    for (let i = 0; i < 20; i++)
      db.run('INSERT INTO t VALUES (?, ?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v', [
        `k${i}`,
        i,
        '{}',
      ]);
    db.exec('COMMIT');
    db.all("SELECT k, v, json_extract(j, '$.a') AS a FROM t WHERE v > ? ORDER BY v", [3]);
    db.get('PRAGMA user_version');
  } finally {
    db.close();
  }
}

/** The engines this Node can use, the preferred first. */
export function availableEngines(): SqliteEngineName[] {
  const engines: SqliteEngineName[] = [];
  if (loadNodeSqlite() !== null) engines.push('node:sqlite');
  if (loadBetterSqlite() !== null) engines.push('better-sqlite3');
  if (loadWasmSqlite() !== null) engines.push('node-sqlite3-wasm');
  return engines;
}

/** What to do when this Node has no SQLite engine, in one line. */
export function noEngineMessage(): string {
  return (
    `retrospect needs SQLite, and Node ${process.version} has no built-in one (node:sqlite, from Node 22.13), ` +
    'better-sqlite3 is not built for it and node-sqlite3-wasm is not installed: use Node 22.13 or newer ' +
    '(or 24), or run `npm install` again in the folder retrospect is installed in'
  );
}

/**
 * The engine to use: the built-in one where Node has it (the others are then never loaded), else
 * better-sqlite3, else node-sqlite3-wasm; when none, an error (E_NO_SQLITE) saying what to do.
 */
export function defaultEngine(): SqliteEngineName {
  if (loadNodeSqlite() !== null) return 'node:sqlite';
  if (loadBetterSqlite() !== null) return 'better-sqlite3';
  if (loadWasmSqlite() !== null) return 'node-sqlite3-wasm';
  throw new RetrospectError('E_NO_SQLITE', noEngineMessage());
}

/** An engine in words, for `scan --verbose`: which one, and why it was the one chosen. */
export function describeEngine(engine: SqliteEngineName): string {
  if (engine === 'node:sqlite') return "Node's built-in SQLite (node:sqlite)";
  if (engine === 'better-sqlite3')
    return 'better-sqlite3 (a native module: this Node has no built-in SQLite)';
  return 'node-sqlite3-wasm (SQLite in WebAssembly: this Node has no built-in SQLite and better-sqlite3 does not load)';
}
