import { basename } from 'node:path';
import { readRegularText, TRANSCRIPT_WHOLE_READ_CAP } from '../../fsx/read-regular.js';
import { isObject, type Json, nonEmpty, objects, str } from '../json-value.js';
import type { TranscriptMessage } from '../messages.js';
import { forEachRecord, readJsonObject } from '../records.js';
import type { TranscriptFacts } from '../types.js';
import { onEvent, onItem } from './items.js';
import { type CodexReadState, newReadState, type ParentLookup, stamp } from './read-state.js';
import { isReplayed, onMeta } from './replay.js';

export type { ParentLookup } from './read-state.js';

/** One Codex session read: its messages for the deep read and the facts for the scan. */
export interface CodexSession {
  messages: TranscriptMessage[];
  facts: TranscriptFacts;
}

/** Top-level record types of the envelope era that carry nothing the reader uses. */
const KNOWN_QUIET = new Set([
  'turn_context',
  'compacted',
  'world_state',
  'inter_agent_communication',
  'inter_agent_communication_metadata',
]);

/**
 * One record of any generation: an envelope (session_meta, a response item, an event; the parent's copied
 * history skipped), or, in early Rust rollouts, a bare meta line, a bare item or a state line.
 */
function visitRecord(state: CodexReadState, record: Json, lineNo: number): void {
  const { facts, session } = state;
  const timestamp = str(record.timestamp);
  const payload = isObject(record.payload) ? record.payload : undefined;
  if (record.type === 'session_meta' && payload) {
    facts.knownFieldsSeen = true;
    stamp(state, timestamp);
    onMeta(state, payload, record);
    return;
  }
  if (payload && typeof record.type === 'string') {
    facts.knownFieldsSeen = true;
    if (isReplayed(state, record, payload)) return;
    stamp(state, timestamp);
    if (record.type === 'response_item') onItem(state, payload, lineNo, timestamp);
    else if (record.type === 'event_msg') onEvent(state, payload, lineNo, timestamp);
    else if (!KNOWN_QUIET.has(record.type)) session.unknownRecords++;
    return;
  }
  // Early Rust rollouts: a bare meta line, bare items and state lines.
  if (record.record_type !== undefined) return;
  if (lineNo === 0 && typeof record.id === 'string' && record.type === undefined) {
    facts.knownFieldsSeen = true;
    facts.sessionId = record.id;
    stamp(state, record.timestamp);
    return;
  }
  if (typeof record.type === 'string') onItem(state, record, lineNo);
  else session.unknownRecords++;
}

/** The person's turns: the events when the file has them (what was typed), else the message items. */
function finishHumans(state: CodexReadState): void {
  const channel = state.sawHumanEvent ? 'event' : 'item';
  for (const human of state.humans) {
    if (human.channel !== channel) continue;
    if (!human.message.meta) state.session.turns.human++;
    state.messages.push(human.message);
  }
}

/**
 * Reads a Codex rollout of any generation — the TypeScript CLI's single JSON (`{session, items}`), the
 * early Rust files of bare items and `{record_type:"state"}` lines, and the `{timestamp, type, payload}`
 * envelopes of 0.3x onward, plain or `.jsonl.zst` — into messages and facts.
 *
 * The three decisions the gate needs:
 * - a person's turns: the `user_message` events when the file has any (what the person typed), else the
 *   user message items; both without Codex's injected context (codexTypedText). A sub-agent's prompts come
 *   from its parent agent, and a fork's first lines replay its parent's history: neither counts.
 * - a tool failure: the exit code an `exec_command_end` event reports, else the one in the output text, a
 *   `Process running` output being settled by the later `write_stdin` answer for that session (failure.ts).
 * - edits: each file an apply_patch touches (tools.ts).
 *
 * The steps work on one state object (read-state.ts): records (visitRecord), items and events (items.ts),
 * call results (results.ts) and the parent's copied history (replay.ts).
 */
export function readCodexSession(path: string, findParent?: ParentLookup): CodexSession {
  const state = newReadState(findParent);
  const visit = (record: Json, lineNo: number) => visitRecord(state, record, lineNo);
  const { facts, session } = state;
  if (path.endsWith('.json')) {
    readLegacyJson(path, facts, visit);
  } else {
    const pass = forEachRecord(path, visit);
    facts.lines = pass.lines;
    session.unreadableLines = pass.unreadable;
    if (pass.oversized > 0) session.oversizedRecords = pass.oversized;
  }
  finishHumans(state);
  state.messages.sort((a, b) => a.lineNo - b.lineNo);
  facts.sessionId ??= idFromName(path);
  facts.session = session;
  return { messages: state.messages, facts };
}

/** The TypeScript CLI's rollout: one JSON object `{session: {id, timestamp, …}, items: [...]}`. */
function readLegacyJson(path: string, facts: TranscriptFacts, visit: (record: Json, lineNo: number) => void) {
  const text = readRegularText(path, { maxBytes: TRANSCRIPT_WHOLE_READ_CAP });
  const whole = readJsonObject(text);
  facts.lines = text.split('\n').length;
  if (!whole) return;
  const meta = isObject(whole.session) ? whole.session : {};
  facts.knownFieldsSeen = true;
  facts.sessionId = nonEmpty(meta.id);
  if (typeof meta.timestamp === 'string') facts.firstTimestamp = facts.lastTimestamp = meta.timestamp;
  for (const [index, item] of objects(whole.items).entries()) visit(item, index + 1);
}

/** The thread id in a rollout's file name (`rollout-<time>-<uuid>.jsonl[.zst]`). */
export function idFromName(path: string): string {
  const name = basename(path)
    .replace(/\.zst$/, '')
    .replace(/\.jsonl?$/, '');
  const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(name);
  return uuid ? uuid[1]! : name;
}
