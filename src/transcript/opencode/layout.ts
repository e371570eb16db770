import { basename, isAbsolute, join } from 'node:path';
import { pushAll } from '../../arrays/bounded.js';
import { projectFolderName } from '../../paths/data-dir.js';
import { fileStat, homeOf, isDirectory, listDir, type SessionSource } from '../source.js';
import { isOpencodeDatabase, sessionRows, splitSessionPath } from './db.js';
import { isLegacySessionPath, legacyStat, readLegacySession } from './storage.js';

/**
 * Where OpenCode keeps its sessions: its data folder `$XDG_DATA_HOME/opencode` (default
 * `~/.local/share/opencode`) holds `opencode.db` (or `opencode-<channel>.db` for other release channels),
 * and older installs the JSON `storage/`. `OPENCODE_DB` names another database: an absolute path, or a
 * name inside the data folder. Snapshots, tool outputs, logs and `auth.json` are not read.
 */
function opencodeDataDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_DATA_HOME || join(homeOf(env), '.local', 'share'), 'opencode');
}

export function opencodeHomes(env: NodeJS.ProcessEnv): string[] {
  const data = opencodeDataDir(env);
  const override = env.OPENCODE_DB;
  if (!override || override === ':memory:') return [data];
  return [data, isAbsolute(override) ? override : join(data, override)];
}

function isDatabaseName(name: string): boolean {
  return /^opencode(?:-[\w.-]+)?\.db$/.test(name) || name.endsWith('.db');
}

function databaseSources(db: string): SessionSource[] {
  return sessionRows(db).map((row) => ({
    path: join(db, row.id),
    host: 'opencode' as const,
    size: row.size,
    mtimeMs: row.timeUpdated,
    project: row.directory ? projectFolderName(row.directory) : '',
    parentFromPath: row.parentId,
    isSubagent: row.parentId !== undefined,
  }));
}

function legacySource(file: string): SessionSource | undefined {
  const session = readLegacySession(file);
  const stat = legacyStat(file);
  if (!session || !stat) return undefined;
  return {
    path: file,
    host: 'opencode',
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    project: session.directory ? projectFolderName(session.directory) : '',
    parentFromPath: session.parentId,
    isSubagent: session.parentId !== undefined,
  };
}

/** The legacy session files under a `storage/session/` folder. */
function legacyFiles(sessionDir: string): string[] {
  const files: string[] = [];
  for (const project of listDir(sessionDir)) {
    if (!project.isDirectory()) continue;
    for (const entry of listDir(join(sessionDir, project.name)))
      if (entry.name.endsWith('.json')) files.push(join(sessionDir, project.name, entry.name));
  }
  return files;
}

/**
 * Every session under `root`: an OpenCode data folder (its databases and legacy storage), a database file,
 * a `storage/` folder, or one session (a database's `<db>/<id>` or a legacy session file). A session held
 * in both a database and the legacy storage is read from the database.
 */
export function discoverOpencode(root: string): SessionSource[] {
  const inDatabase = splitSessionPath(root);
  if (inDatabase) return databaseSources(inDatabase.db).filter((source) => source.path === root);
  if (fileStat(root)) {
    if (isLegacySessionPath(root)) return [legacySource(root)].filter((s) => s !== undefined);
    return isOpencodeDatabase(root) ? databaseSources(root) : [];
  }
  if (!isDirectory(root)) return [];
  const sources: SessionSource[] = [];
  for (const entry of listDir(root)) {
    if (!entry.isDirectory() && isDatabaseName(entry.name))
      pushAll(sources, databaseSources(join(root, entry.name)));
  }
  const known = new Set(sources.map((source) => basename(source.path)));
  const sessionDir =
    basename(root) === 'session'
      ? root
      : basename(root) === 'storage'
        ? join(root, 'session')
        : join(root, 'storage', 'session');
  for (const file of legacyFiles(sessionDir)) {
    if (known.has(basename(file, '.json'))) continue;
    const source = legacySource(file);
    if (source) sources.push(source);
  }
  return sources;
}
