import { readRegularText, TRANSCRIPT_WHOLE_READ_CAP } from '../../fsx/read-regular.js';
import { isObject, type Json, nonEmpty, objects, str } from '../json-value.js';
import type { TranscriptMessage } from '../messages.js';
import { forEachRecord, readJsonObject } from '../records.js';
import type { SessionFacts, TranscriptFacts } from '../types.js';
import { geminiTypedText, partsText, workspaceOf } from './human.js';
import { geminiEdit, geminiOutput, geminiToolCall, geminiWrite } from './tools.js';

export interface GeminiSession {
  messages: TranscriptMessage[];
  facts: TranscriptFacts;
  /**
   * Each reply's `tokens` and `model` as written (untrusted numbers: checked by whoever counts them), with
   * the reply's message position (`lineNo`); empty when no reply records tokens.
   */
  replyTokens: { lineNo: number; model: unknown; timestamp: string | undefined; tokens: Json }[];
}

/** Record types Gemini writes besides the conversation (notices shown in the UI). */
const NOTICE_TYPES = new Set(['info', 'error', 'warning']);

interface Conversation {
  meta: Json;
  /** The messages as Gemini would load them: last copy per id, `$set.messages` and `$rewindTo` applied. */
  records: Json[];
  lines: number;
  unreadable: number;
  oversized?: number;
}

/**
 * Replays a JSONL chat file the way Gemini CLI's loadConversationRecord does: the first line is the
 * metadata; a message record (it has an `id`) is appended again whenever it changes, the last copy winning
 * in its first place; `{"$set": {...}}` patches the metadata, a `messages` key replacing the whole list (a
 * checkpoint after /compress); `{"$rewindTo": id}` drops that message and every later one (all of them when
 * the id is unknown). Lines that are not JSON are skipped.
 */
function replayJsonl(path: string): Conversation {
  let meta: Json = {};
  let byId = new Map<string, Json>();
  const pass = forEachRecord(path, (record) => {
    if (typeof record.$rewindTo === 'string') {
      const keep = new Map<string, Json>();
      let found = false;
      for (const [id, message] of byId) {
        if (id === record.$rewindTo) found = true;
        if (!found) keep.set(id, message);
      }
      byId = found ? keep : new Map();
    } else if (typeof record.id === 'string') {
      byId.set(record.id, record);
    } else if (isObject(record.$set)) {
      const { messages, ...rest } = record.$set;
      meta = { ...meta, ...rest };
      if (Array.isArray(messages)) {
        byId = new Map();
        for (const message of objects(messages))
          if (typeof message.id === 'string') byId.set(message.id, message);
      }
    } else if (typeof record.sessionId === 'string') {
      meta = { ...meta, ...record };
    }
  });
  return {
    meta,
    records: [...byId.values()],
    lines: pass.lines,
    unreadable: pass.unreadable,
    oversized: pass.oversized,
  };
}

/** A legacy `.json` chat: one ConversationRecord, rewritten whole on every message. */
function readJson(path: string): Conversation {
  const text = readRegularText(path, { maxBytes: TRANSCRIPT_WHOLE_READ_CAP });
  const whole = readJsonObject(text);
  const lines = text.length === 0 ? 0 : text.split('\n').length;
  if (!whole) return { meta: {}, records: [], lines, unreadable: text.trim().length > 0 ? 1 : 0 };
  const { messages, ...meta } = whole;
  return { meta, records: objects(messages), lines, unreadable: 0 };
}

/** What reading one record needs beside it: the session's facts it adds to, and the reply tokens. */
interface RecordReading {
  session: SessionFacts;
  subagent: boolean;
  replyTokens: GeminiSession['replyTokens'];
}

/**
 * The messages of one record at `position`: a person's (or Gemini's context), a reply and its tool
 * results, or none (a notice, or a record of a type no reader knows, counted).
 */
function recordMessages(
  record: Record<string, unknown>,
  first: number,
  timestamp: string | undefined,
  reading: RecordReading,
): TranscriptMessage[] {
  const { session, subagent, replyTokens } = reading;
  let position = first;
  const id = str(record.id) ?? `line:${position}`;
  const at = timestamp ? { timestamp } : {};
  const messages: TranscriptMessage[] = [];
  const type = record.type;
  if (type === 'user') {
    const raw = partsText(record.content);
    if (session.cwd === undefined) {
      const workspace = workspaceOf(raw);
      if (workspace) session.cwd = workspace;
    }
    const typed = geminiTypedText(record.content, record.displayContent);
    const meta = typed === undefined || subagent;
    if (!meta) session.turns.human++;
    messages.push({
      id,
      lineNo: position++,
      role: 'user',
      sidechain: subagent,
      meta,
      text: typed ?? raw,
      toolCalls: [],
      toolOutputs: [],
      ...at,
    });
  } else if (type === 'gemini' || type === 'model') {
    session.turns.assistant++;
    if (isObject(record.tokens))
      replyTokens.push({ lineNo: position, model: record.model, timestamp, tokens: record.tokens });
    const calls = objects(record.toolCalls);
    const edits = calls.map(geminiEdit).filter((edit) => edit !== undefined);
    const writes = calls.map(geminiWrite).filter((write) => write !== undefined);
    messages.push({
      id,
      lineNo: position++,
      role: 'assistant',
      sidechain: subagent,
      meta: false,
      text: partsText(record.content),
      toolCalls: calls.map(geminiToolCall),
      toolOutputs: [],
      ...(edits.length > 0 ? { edits } : {}),
      ...(writes.length > 0 ? { writes } : {}),
      ...at,
    });
    const outputs = calls.map(geminiOutput).filter((output) => output !== undefined);
    if (outputs.length > 0) {
      for (const output of outputs) if (output.failed) session.turns.toolErrors++;
      messages.push({
        id: outputs[0]!.toolUseId || `${id}:results`,
        lineNo: position++,
        role: 'user',
        sidechain: subagent,
        meta: false,
        text: '',
        toolCalls: [],
        toolOutputs: outputs.map(({ failed: _failed, ...output }) => output),
        ...at,
      });
    }
  } else if (!(typeof type === 'string' && NOTICE_TYPES.has(type))) {
    session.unknownRecords++;
  }
  return messages;
}

/**
 * Reads a Gemini CLI chat file — the legacy `.json` or the `.jsonl` of 0.39+ — into messages and facts.
 * Positions are the messages' order (a `gemini` record and its tool results take two).
 *
 * The three decisions the gate needs:
 * - a person's turns: `user` records that are not Gemini's context, slash commands and their expansion,
 *   nudges or tool responses (human.ts); a sub-agent file's prompts come from its parent agent.
 * - a tool failure: `status: "error"`, or a shell command's `Exit Code: N` under `success` (tools.ts).
 * - edits: `replace` / `edit` and `write_file` by `file_path`.
 */
export function readGeminiSession(path: string, options: { subagentByPath?: boolean } = {}): GeminiSession {
  const conversation = path.endsWith('.json') ? readJson(path) : replayJsonl(path);
  const { meta, records } = conversation;
  const session: SessionFacts = {
    turns: { human: 0, assistant: 0, toolErrors: 0 },
    unknownRecords: 0,
    unreadableLines: conversation.unreadable,
  };
  if (conversation.oversized) session.oversizedRecords = conversation.oversized;
  const subagent = meta.kind === 'subagent' || options.subagentByPath === true;
  if (subagent) session.subagent = true;
  const facts: TranscriptFacts = {
    sessionId: nonEmpty(meta.sessionId),
    lines: conversation.lines,
    knownFieldsSeen: typeof meta.sessionId === 'string' || records.length > 0,
    firstTimestamp: str(meta.startTime),
    lastTimestamp: str(meta.lastUpdated),
  };
  const messages: TranscriptMessage[] = [];
  const replyTokens: GeminiSession['replyTokens'] = [];
  const reading: RecordReading = { session, subagent, replyTokens };
  let position = 0;
  for (const record of records) {
    const timestamp = str(record.timestamp);
    if (timestamp) {
      facts.firstTimestamp ??= timestamp;
      if (facts.lastTimestamp === undefined || timestamp > facts.lastTimestamp)
        facts.lastTimestamp = timestamp;
    }
    const read = recordMessages(record, position, timestamp, reading);
    for (const message of read) messages.push(message);
    // A record is one position, or one per message it gives (a reply and its tool results take two).
    position += Math.max(1, read.length);
  }
  const directories = Array.isArray(meta.directories)
    ? meta.directories.filter((d) => typeof d === 'string')
    : [];
  if (session.cwd === undefined && directories.length > 0) session.cwd = directories[0] as string;
  facts.session = session;
  return { messages, facts, replyTokens };
}
