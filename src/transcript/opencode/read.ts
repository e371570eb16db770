import { maxOf } from '../../arrays/bounded.js';
import { isObject } from '../json-value.js';
import type { TranscriptMessage } from '../messages.js';
import type { SessionFacts, TranscriptFacts } from '../types.js';
import { convertOpencode, type OpencodeMessage } from './convert.js';
import { sessionMessages, sessionRow, splitSessionPath } from './db.js';
import { isLegacySessionPath, legacyMessages, readLegacySession } from './storage.js';

export interface OpencodeSession {
  messages: TranscriptMessage[];
  facts: TranscriptFacts;
}

function iso(ms: number | undefined): string | undefined {
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * Reads one OpenCode session, from its database (`<db>/<session id>`) or its legacy storage file, into
 * messages and facts. Throws an ENOENT-coded error when the session is not there, as reading a missing
 * file would.
 *
 * The three decisions the gate needs:
 * - a person's turns: a user message's own text (convert.ts); a sub-agent session (`parent_id` set) has none.
 * - a tool failure: `state.status: "error"`, or a bash call completed with `metadata.exit` not 0.
 * - edits: `edit` / `multiedit` / `write` by `filePath`, `patch` by its file headers.
 */
export function readOpencodeSession(path: string): OpencodeSession {
  let raw: OpencodeMessage[] | undefined;
  let info:
    | {
        id: string;
        parentId?: string | undefined;
        directory?: string | undefined;
        created?: number;
        updated?: number;
      }
    | undefined;
  let oversized = 0;
  const inDatabase = splitSessionPath(path);
  if (inDatabase) {
    const row = sessionRow(inDatabase.db, inDatabase.sessionId);
    if (row) {
      info = {
        id: row.id,
        parentId: row.parentId,
        directory: row.directory,
        created: row.timeCreated,
        updated: row.timeUpdated,
      };
      raw = sessionMessages(inDatabase.db, inDatabase.sessionId, {
        onOversized: () => {
          oversized++;
        },
      });
    }
  } else if (isLegacySessionPath(path)) {
    const legacy = readLegacySession(path);
    if (legacy) {
      info =
        legacy.created !== undefined && legacy.updated !== undefined
          ? {
              id: legacy.id,
              parentId: legacy.parentId,
              directory: legacy.directory,
              created: legacy.created,
              updated: legacy.updated,
            }
          : { id: legacy.id, parentId: legacy.parentId, directory: legacy.directory };
      raw = legacyMessages(path);
    }
  }
  if (!info || !raw) throw Object.assign(new Error(`no OpenCode session at ${path}`), { code: 'ENOENT' });
  const session: SessionFacts = {
    turns: { human: 0, assistant: 0, toolErrors: 0 },
    unknownRecords: 0,
    unreadableLines: 0,
    ...(oversized > 0 ? { oversizedRecords: oversized } : {}),
    ...(info.directory ? { cwd: info.directory } : {}),
    ...(info.parentId ? { parentSessionId: info.parentId, subagent: true } : {}),
  };
  const messages = convertOpencode(raw, session);
  const times = raw
    .map((message) => (isObject(message.data.time) ? message.data.time.created : undefined))
    .filter((time): time is number => typeof time === 'number');
  const facts: TranscriptFacts = {
    sessionId: info.id,
    lines: raw.length + raw.reduce((sum, message) => sum + message.parts.length, 0),
    knownFieldsSeen: true,
    firstTimestamp: iso(info.created ?? times[0]),
    lastTimestamp: iso(maxOf([info.updated ?? 0].concat(times), 0)),
    session,
  };
  return { messages, facts };
}
