import { statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { readRegularText } from '../../fsx/read-regular.js';
import { isObject, type Json, num, str } from '../json-value.js';
import { readJsonObject } from '../records.js';
import { listDir } from '../source.js';
import type { OpencodeMessage } from './convert.js';

/**
 * OpenCode's storage before its database (≤ 1.1.x; 1.2–1.15 migrated it into the database at start-up, 1.16
 * stopped): one pretty-printed JSON file per object under `<data>/storage/`:
 * `session/<project id>/<session id>.json`, `message/<session id>/<message id>.json` and
 * `part/<message id>/<part id>.json`. The same objects as the database rows, with their ids inside.
 */

function readJson(path: string): Json | undefined {
  try {
    return readJsonObject(readRegularText(path));
  } catch {
    return undefined;
  }
}

/** The `storage/` folder a legacy session file lies in (`…/storage/session/<project>/<id>.json`). */
function storageOf(sessionFile: string): string | undefined {
  const projectDir = dirname(sessionFile);
  const sessionDir = dirname(projectDir);
  return basename(sessionDir) === 'session' ? dirname(sessionDir) : undefined;
}

export function isLegacySessionPath(path: string): boolean {
  // The name first: a scan asks this of every file it meets, most of them no `.json`, and splits none then.
  if (!path.endsWith('.json')) return false;
  const parts = path.split(sep);
  return parts.length >= 4 && parts[parts.length - 3] === 'session' && parts[parts.length - 4] === 'storage';
}

export interface LegacySession {
  id: string;
  parentId: string | undefined;
  directory: string | undefined;
  created: number | undefined;
  updated: number | undefined;
}

export function readLegacySession(sessionFile: string): LegacySession | undefined {
  const session = readJson(sessionFile);
  if (!session || typeof session.id !== 'string') return undefined;
  const time = isObject(session.time) ? session.time : {};
  return {
    id: session.id,
    parentId: str(session.parentID) ?? undefined,
    directory: str(session.directory),
    created: num(time.created),
    updated: num(time.updated),
  };
}

/** What a rescan compares for a legacy session: its files' count and newest change. */
export function legacyStat(sessionFile: string): { size: number; mtimeMs: number } | undefined {
  const storage = storageOf(sessionFile);
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(sessionFile);
  } catch {
    return undefined;
  }
  let size = stat.size;
  let mtimeMs = stat.mtimeMs;
  if (storage) {
    const messageDir = join(storage, 'message', basename(sessionFile, '.json'));
    for (const entry of listDir(messageDir)) {
      try {
        const file = statSync(join(messageDir, entry.name));
        size += file.size;
        mtimeMs = Math.max(mtimeMs, file.mtimeMs);
        const partDir = statSync(join(storage, 'part', entry.name.replace(/\.json$/, '')));
        mtimeMs = Math.max(mtimeMs, partDir.mtimeMs);
      } catch {
        // a message without parts, or one removed meanwhile
      }
    }
  }
  return { size, mtimeMs };
}

/** A legacy session's messages in order (creation time, then id), each with its parts in id order. */
export function legacyMessages(sessionFile: string): OpencodeMessage[] {
  const storage = storageOf(sessionFile);
  if (!storage) return [];
  const messageDir = join(storage, 'message', basename(sessionFile, '.json'));
  const messages: OpencodeMessage[] = [];
  for (const entry of listDir(messageDir)) {
    if (!entry.name.endsWith('.json')) continue;
    const data = readJson(join(messageDir, entry.name));
    if (!data) continue;
    const id = str(data.id) ?? entry.name.replace(/\.json$/, '');
    const partDir = join(storage, 'part', id);
    const parts = listDir(partDir)
      .filter((part) => part.name.endsWith('.json'))
      .map((part) => part.name)
      .sort()
      .map((name) => readJson(join(partDir, name)))
      .filter((part): part is Json => part !== undefined);
    messages.push({ id, data, parts });
  }
  const created = (message: OpencodeMessage) =>
    isObject(message.data.time) ? (num(message.data.time.created) ?? 0) : 0;
  return messages.sort((a, b) => created(a) - created(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
