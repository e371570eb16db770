import { basename, dirname } from 'node:path';
import { readRegularText, TRANSCRIPT_WHOLE_READ_CAP } from '../../fsx/read-regular.js';
import { isObject, type Json, nonEmpty, objects, parseObject, str } from '../json-value.js';
import type { ToolOutput, TranscriptMessage } from '../messages.js';
import { forEachRecord, readJsonObject } from '../records.js';
import type { SessionFacts, TranscriptFacts } from '../types.js';
import { copilotEdits, copilotToolCall, copilotWrites, exitCodeOf, REFUSED } from './tools.js';

export interface CopilotSession {
  messages: TranscriptMessage[];
  facts: TranscriptFacts;
}

/** Event types that carry nothing the reader uses (the host's own bookkeeping and notices). */
const QUIET =
  /^(?:session\.|system\.|hook\.|assistant\.turn_|subagent\.|skill\.|tool\.user_requested|tool\.execution_partial|assistant\.reasoning|assistant\.intent|assistant\.usage|user\.attachment|abort$)/;

/** Context Copilot wraps around what the person typed (`transformedContent`), and its own notices. */
const WRAPPER =
  /<(current_datetime|reminder|tools_changed_notice|system_notification|context)>[\s\S]*?<\/\1>/g;

/** What the person typed in a user message, or undefined when Copilot wrote it (a nudge, a skill's context). */
function typedText(data: Json): string | undefined {
  const source = str(data.source) ?? '';
  if (source.startsWith('skill-') || source === 'system') return undefined;
  const text = (str(data.content) ?? '').replace(WRAPPER, '').trim();
  if (text.length === 0 || text.startsWith('<skill-context')) return undefined;
  return text;
}

function emptySession(): SessionFacts {
  return { turns: { human: 0, assistant: 0, toolErrors: 0 }, unknownRecords: 0, unreadableLines: 0 };
}

function outputOf(id: string, success: boolean, text: string): ToolOutput & { failed: boolean } {
  const exit = exitCodeOf(text);
  if (!success && REFUSED.test(text))
    return { toolUseId: id, isError: true, refused: true, text, failed: false };
  const failed = !success || (exit !== undefined && exit !== 0);
  return { toolUseId: id, isError: failed, text, failed };
}

/** Where an event is: its id and line, whether a sub-agent's, its time; and the session it counts in. */
interface EventPlace {
  id: string;
  lineNo: number;
  sidechain: boolean;
  at: { timestamp?: string };
  session: SessionFacts;
}

/**
 * The message of a conversation event (a person's or Copilot's message, a tool's result), counted in the
 * session's turns; `quiet` for an event that says nothing the gate reads, `unknown` for one no reader knows.
 */
function eventMessage(
  type: string,
  data: Record<string, unknown>,
  place: EventPlace,
): TranscriptMessage | 'quiet' | 'unknown' {
  const { id, lineNo, sidechain, at, session } = place;
  if (type === 'user.message') {
    const typed = typedText(data);
    const meta = typed === undefined || sidechain;
    if (!meta) session.turns.human++;
    return {
      id,
      lineNo,
      role: 'user',
      sidechain,
      meta,
      text: typed ?? str(data.content) ?? '',
      toolCalls: [],
      toolOutputs: [],
      ...at,
    };
  }
  if (type === 'assistant.message') {
    session.turns.assistant++;
    const requests = objects(data.toolRequests);
    const calls = requests.map((request) => {
      const args = isObject(request.arguments) ? request.arguments : (parseObject(request.arguments) ?? {});
      return { id: str(request.toolCallId) ?? '', name: str(request.name) ?? 'tool', args };
    });
    const edits = calls.flatMap((call) => copilotEdits(call.name, call.args));
    const writes = calls.flatMap((call) => copilotWrites(call.id, call.name, call.args));
    return {
      id: nonEmpty(data.messageId) ?? id,
      lineNo,
      role: 'assistant',
      sidechain,
      meta: false,
      text: str(data.content)?.trim() ?? '',
      toolCalls: calls.map((call) => copilotToolCall(call.id, call.name, call.args)),
      toolOutputs: [],
      ...(edits.length > 0 ? { edits } : {}),
      ...(writes.length > 0 ? { writes } : {}),
      ...at,
    };
  }
  if (type === 'tool.execution_complete') {
    const result = isObject(data.result) ? data.result : {};
    const error = isObject(data.error) ? data.error : {};
    const text = str(result.content) ?? str(error.message) ?? str(result.detailedContent) ?? '';
    const output = outputOf(str(data.toolCallId) ?? '', data.success !== false, text);
    if (output.failed) session.turns.toolErrors++;
    const { failed: _failed, ...toolOutput } = output;
    return {
      id,
      lineNo,
      role: 'user',
      sidechain,
      meta: false,
      text: '',
      toolCalls: [],
      toolOutputs: [toolOutput],
      ...at,
    };
  }
  if (type === 'tool.execution_start' || QUIET.test(type)) return 'quiet';
  return 'unknown';
}

/**
 * Reads Copilot CLI's event log (`session-state/<id>/events.jsonl`, or the earlier flat
 * `session-state/<id>.jsonl`): `{type, data, id, timestamp, parentId}` events.
 *
 * The three decisions the gate needs:
 * - a person's turns: `user.message` `content` (not `transformedContent`, which adds Copilot's date and
 *   reminders), without Copilot's nudges (an empty content) and skill context.
 * - a tool failure: `tool.execution_complete` with `success: false`, or a shell result ending
 *   `<exited with exit code N>` with N not 0.
 * - edits: `edit` / `create` / `str_replace_editor` by `path`.
 * Events of a sub-agent carry `parentToolCallId`: they are a sidechain.
 */
function readEvents(path: string): CopilotSession {
  const messages: TranscriptMessage[] = [];
  const session = emptySession();
  const facts: TranscriptFacts = {
    sessionId: undefined,
    lines: 0,
    knownFieldsSeen: false,
    firstTimestamp: undefined,
    lastTimestamp: undefined,
  };
  const pass = forEachRecord(path, (event, lineNo) => {
    const type = str(event.type);
    const data = isObject(event.data) ? event.data : {};
    if (type === undefined) {
      session.unknownRecords++;
      return;
    }
    facts.knownFieldsSeen = true;
    const timestamp = str(event.timestamp);
    if (timestamp) {
      facts.firstTimestamp ??= timestamp;
      facts.lastTimestamp = timestamp;
    }
    const at = timestamp ? { timestamp } : {};
    const id = nonEmpty(event.id) ?? `line:${lineNo}`;
    const sidechain = typeof data.parentToolCallId === 'string';
    if (type === 'session.start') {
      facts.sessionId ??= nonEmpty(data.sessionId);
      const context = isObject(data.context) ? data.context : {};
      const cwd = nonEmpty(context.cwd) ?? nonEmpty(context.gitRoot);
      if (cwd) session.cwd = cwd;
      return;
    }
    const message = eventMessage(type, data, { id, lineNo, sidechain, at, session });
    if (message === 'unknown') session.unknownRecords++;
    else if (message !== 'quiet') messages.push(message);
  });
  facts.lines = pass.lines;
  session.unreadableLines = pass.unreadable;
  if (pass.oversized > 0) session.oversizedRecords = pass.oversized;
  facts.sessionId ??= sessionIdFromPath(path);
  facts.session = session;
  return { messages, facts };
}

/** Each tool call's outcome from the legacy `timeline` (`result.type` other than `success` is a failure). */
function timelineOutcomes(timeline: unknown, facts: TranscriptFacts): Map<string, boolean> {
  const outcomes = new Map<string, boolean>();
  for (const item of objects(timeline)) {
    const timestamp = str(item.timestamp);
    if (timestamp) {
      facts.firstTimestamp ??= timestamp;
      facts.lastTimestamp = timestamp;
    }
    if (item.type === 'tool_call_completed' && typeof item.callId === 'string') {
      const result = isObject(item.result) ? item.result : {};
      outcomes.set(item.callId, result.type === undefined || result.type === 'success');
    }
  }
  return outcomes;
}

/** A person's legacy chat message: typed text counts a human turn, anything else is kept as meta. */
function legacyUserMessage(content: string, index: number, session: SessionFacts): TranscriptMessage {
  const typed = typedText({ content });
  if (typed !== undefined) session.turns.human++;
  return {
    id: `message:${index}`,
    lineNo: index,
    role: 'user',
    sidechain: false,
    meta: typed === undefined,
    text: typed ?? content,
    toolCalls: [],
    toolOutputs: [],
  };
}

/** Copilot's legacy chat message: its text and its OpenAI-style `tool_calls`, with their edits and writes. */
function legacyAssistantMessage(
  message: Record<string, unknown>,
  content: string,
  index: number,
  session: SessionFacts,
): TranscriptMessage {
  session.turns.assistant++;
  const calls = objects(message.tool_calls).map((call) => {
    const fn = isObject(call.function) ? call.function : {};
    return { id: str(call.id) ?? '', name: str(fn.name) ?? 'tool', args: parseObject(fn.arguments) ?? {} };
  });
  const edits = calls.flatMap((call) => copilotEdits(call.name, call.args));
  const writes = calls.flatMap((call) => copilotWrites(call.id, call.name, call.args));
  return {
    id: `message:${index}`,
    lineNo: index,
    role: 'assistant',
    sidechain: false,
    meta: false,
    text: content.trim(),
    toolCalls: calls.map((call) => copilotToolCall(call.id, call.name, call.args)),
    toolOutputs: [],
    ...(edits.length > 0 ? { edits } : {}),
    ...(writes.length > 0 ? { writes } : {}),
  };
}

/** A legacy `tool` message: the result of a call, failed when the timeline says so. */
function legacyToolResult(
  message: Record<string, unknown>,
  content: string,
  index: number,
  outcomes: ReadonlyMap<string, boolean>,
  session: SessionFacts,
): TranscriptMessage {
  const callId = str(message.tool_call_id) ?? '';
  const output = outputOf(callId, outcomes.get(callId) ?? true, content);
  if (output.failed) session.turns.toolErrors++;
  const { failed: _failed, ...toolOutput } = output;
  return {
    id: callId || `message:${index}`,
    lineNo: index,
    role: 'user',
    sidechain: false,
    meta: false,
    text: '',
    toolCalls: [],
    toolOutputs: [toolOutput],
  };
}

/** One legacy chat message by its role; a system message gives none, an unknown role is counted. */
function legacyMessage(
  message: Record<string, unknown>,
  index: number,
  outcomes: ReadonlyMap<string, boolean>,
  session: SessionFacts,
): TranscriptMessage | undefined {
  const content = typeof message.content === 'string' ? message.content : '';
  if (message.role === 'user') return legacyUserMessage(content, index, session);
  if (message.role === 'assistant') return legacyAssistantMessage(message, content, index, session);
  if (message.role === 'tool') return legacyToolResult(message, content, index, outcomes, session);
  if (message.role !== 'system') session.unknownRecords++;
  return undefined;
}

/**
 * Reads Copilot CLI's session file of 0.0.3xx (`history-session-state/session_<id>_<ms>.json`):
 * `chatMessages` (OpenAI-style `{role, content, tool_calls}` and `tool` results) carry the conversation; the
 * `timeline` carries each tool call's outcome and the session's time stamps.
 */
function readLegacy(path: string): CopilotSession {
  const text = readRegularText(path, { maxBytes: TRANSCRIPT_WHOLE_READ_CAP });
  const whole = readJsonObject(text);
  const session = emptySession();
  const facts: TranscriptFacts = {
    sessionId: whole ? nonEmpty(whole.sessionId) : undefined,
    lines: text.length === 0 ? 0 : text.split('\n').length,
    knownFieldsSeen: whole !== undefined,
    firstTimestamp: whole ? str(whole.startTime) : undefined,
    lastTimestamp: undefined,
  };
  if (!whole) session.unreadableLines = text.trim().length > 0 ? 1 : 0;
  const outcomes = timelineOutcomes(whole?.timeline, facts);
  const messages: TranscriptMessage[] = [];
  objects(whole?.chatMessages).forEach((message, index) => {
    const read = legacyMessage(message, index, outcomes, session);
    if (read) messages.push(read);
  });
  facts.sessionId ??= sessionIdFromPath(path);
  facts.session = session;
  return { messages, facts };
}

/** A session's id from its place: `<id>/events.jsonl`, `<id>.jsonl`, `session_<id>_<ms>.json`. */
export function sessionIdFromPath(path: string): string {
  const name = basename(path);
  if (name === 'events.jsonl') return basename(dirname(path));
  const legacy = /^session_(.+)_\d+\.json$/.exec(name);
  return legacy ? legacy[1]! : name.replace(/\.jsonl?$/, '');
}

export function readCopilotSession(path: string): CopilotSession {
  return path.endsWith('.json') ? readLegacy(path) : readEvents(path);
}
