import { basename } from 'node:path';
import type { HostAdapter } from '../host.js';
import { eventsOfMessages } from '../messages.js';
import { sessionEditsOfMessages } from '../written.js';
import { isOpencodeDatabase, sessionRow, splitSessionPath } from './db.js';
import { discoverOpencode, opencodeHomes } from './layout.js';
import { readOpencodeSession } from './read.js';
import { isLegacySessionPath, legacyStat } from './storage.js';

/** A legacy session file opens with its `ses_…` id (and names its project). */
const LEGACY_HEAD = /^\{\s*"id"\s*:\s*"ses_[^"]*"\s*,[\s\S]*"projectID"\s*:/;

export const opencodeAdapter: HostAdapter = {
  name: 'opencode',
  label: 'OpenCode',
  roots: opencodeHomes,
  discover: discoverOpencode,
  // The database, and the legacy storage's session files.
  fileEndings: ['.db', '.json'],
  // `.local/share/opencode/storage/session/<project>/ses_….json`
  homeDepth: 6,
  // Snapshots are git object stores and tool outputs are files the agent saw; of the legacy storage, only
  // `session/` names sessions (its messages and parts are read through them) and `project/` their folders.
  skipsFolder: (parent, name) =>
    name === 'snapshot' ||
    name === 'tool-output' ||
    (basename(parent) === 'storage' && name !== 'session' && name !== 'project'),
  claims: (path) => splitSessionPath(path) !== undefined || isLegacySessionPath(path),
  namesRow: (path) => splitSessionPath(path) !== undefined,
  // Any `.db` is OpenCode's kind of file; only its tables tell whether it is OpenCode's database.
  identifyBinary: (path) => (path.endsWith('.db') ? isOpencodeDatabase(path) : undefined),
  sniff: (head) => LEGACY_HEAD.test(head),
  stat(path) {
    const inDatabase = splitSessionPath(path);
    if (!inDatabase) return isLegacySessionPath(path) ? legacyStat(path) : undefined;
    const row = sessionRow(inDatabase.db, inDatabase.sessionId);
    return row ? { size: row.size, mtimeMs: row.timeUpdated } : undefined;
  },
  readEvents(path, onEvent) {
    const { messages, facts } = readOpencodeSession(path);
    eventsOfMessages(messages, onEvent);
    return facts;
  },
  messages: (path) => readOpencodeSession(path).messages,
  readSessionEdits(path) {
    const { messages, facts } = readOpencodeSession(path);
    return sessionEditsOfMessages(messages, facts);
  },
};
