import { basename } from 'node:path';
import { readRegularText, TRANSCRIPT_WHOLE_READ_CAP } from '../../fsx/read-regular.js';
import { isObject, type Json, nonEmpty, num, objects, str } from '../json-value.js';
import type { ToolOutput, TranscriptMessage } from '../messages.js';
import { forEachRecord, readJsonObject } from '../records.js';
import type { SessionFacts, TranscriptFacts } from '../types.js';
import { type CodexOutcome, displayedOutput, outcomeOfOutput, outputText } from './failure.js';
import { codexTypedText, cwdOfEnvironment } from './human.js';
import { type CodexCall, codexCallOf, codexEdits, codexToolCall, codexWrites } from './tools.js';

/** One Codex session read: its messages for the deep read and the facts for the scan. */
export interface CodexSession {
  messages: TranscriptMessage[];
  facts: TranscriptFacts;
}

/** Finds another rollout of the same Codex home by thread id (a fork's parent), for the replay rule. */
export type ParentLookup = (threadId: string) => string | undefined;

/** Top-level record types of the envelope era that carry nothing the reader uses. */
const KNOWN_QUIET = new Set([
  'turn_context',
  'compacted',
  'world_state',
  'inter_agent_communication',
  'inter_agent_communication_metadata',
]);
/** Persisted UI events that carry nothing the reader uses (agent_message mirrors the response item). */
const KNOWN_EVENTS = new Set([
  'agent_message',
  'agent_reasoning',
  'agent_reasoning_raw_content',
  'agent_reasoning_section_break',
  'token_count',
  'context_compacted',
  'thread_name_updated',
  'entered_review_mode',
  'exited_review_mode',
  'thread_rolled_back',
  'undo_completed',
  'turn_aborted',
  'task_started',
  'turn_started',
  'task_complete',
  'turn_complete',
  'image_generation_end',
  'item_completed',
  'item_started',
  'web_search_end',
  'guardian_assessment',
  'error',
  'warning',
  'thread_settings_applied',
  'collab_waiting_end',
  'collab_agent_spawn_end',
  'collab_close_end',
  'collab_agent_interaction_end',
  'collab_resume_end',
  'dynamic_tool_call_request',
  'dynamic_tool_call_response',
  'view_image_tool_call',
  'plan_update',
  'background_event',
  'stream_error',
  'session_configured',
  'mcp_list_tools_response',
]);
/** Response items that carry nothing the reader uses. */
const KNOWN_QUIET_ITEMS = new Set([
  'reasoning',
  'ghost_snapshot',
  'compaction',
  'compaction_summary',
  'other',
]);
const OUTPUT_ITEMS = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'tool_search_output',
  'local_shell_call_output',
]);

/** How long after a fork's creation its copied history may still be written (when no parent can be read). */
const REPLAY_WINDOW_MS = 2_000;

interface PendingHuman {
  channel: 'event' | 'item';
  message: TranscriptMessage;
}

/** Reads the text of a message item's content parts (input_text, output_text, text). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  for (const part of objects(content)) {
    if (typeof part.text === 'string' && part.text.length > 0 && part.type !== 'reasoning_text')
      parts.push(part.text);
  }
  return parts.join('\n');
}

/** The thread a session_meta names as its origin: a fork's source or a sub-agent's parent. */
function parentOf(meta: Json): string | undefined {
  const source = meta.source;
  const spawn =
    isObject(source) && isObject(source.subagent) && isObject(source.subagent.thread_spawn)
      ? source.subagent.thread_spawn
      : undefined;
  return (
    nonEmpty(meta.forked_from_id) ?? nonEmpty(meta.parent_thread_id) ?? nonEmpty(spawn?.parent_thread_id)
  );
}

function isSubagentMeta(meta: Json): boolean {
  return (isObject(meta.source) && 'subagent' in meta.source) || meta.thread_source === 'subagent';
}

/** The ordinal before which a child's records are the parent's copied history (newer rollouts say so). */
function replayBoundary(meta: Json): number | undefined {
  const base = isObject(meta.history_base) ? num(meta.history_base.end_ordinal_exclusive) : undefined;
  return num(meta.subagent_history_start_ordinal) ?? base ?? num(meta.forked_from_ordinal_exclusive);
}

/** The turn ids of a rollout's turn contexts (what agentsview compares to find where a fork's own turns start). */
export function turnIdsOf(path: string): Set<string> {
  const ids = new Set<string>();
  try {
    forEachRecord(path, (record) => {
      const payload = isObject(record.payload) ? record.payload : undefined;
      const id = payload ? str(payload.turn_id) : undefined;
      if (record.type === 'turn_context' && id) ids.add(id);
    });
  } catch {
    // An unreadable parent leaves the time rule to find the copied history.
  }
  return ids;
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
 */
export function readCodexSession(path: string, findParent?: ParentLookup): CodexSession {
  const messages: TranscriptMessage[] = [];
  const humans: PendingHuman[] = [];
  const facts: TranscriptFacts = {
    sessionId: undefined,
    lines: 0,
    knownFieldsSeen: false,
    firstTimestamp: undefined,
    lastTimestamp: undefined,
  };
  const session: SessionFacts = {
    turns: { human: 0, assistant: 0, toolErrors: 0 },
    unknownRecords: 0,
    unreadableLines: 0,
  };
  const calls = new Map<string, CodexCall>();
  /** Exit codes (or failures) that events reported per call, before or after the output arrived. */
  const reported = new Map<string, CodexOutcome>();
  /** Calls whose output said the process is still running: session id → call id. */
  const runningBySession = new Map<string, string>();
  const pendingCalls = new Set<string>();
  /** Sessions of running processes whose end was already reported: a later write's exit is no new result. */
  const endedSessions = new Set<string>();
  const settled = new Set<string>();
  let metaCount = 0;
  let ownCreated: number | undefined;
  let boundary: number | undefined;
  let parentTurns: Set<string> | undefined;
  let inReplay = false;
  let subagent = false;
  let sawHumanEvent = false;

  const lineId = (lineNo: number) => `line:${lineNo}`;
  const stamp = (timestamp: unknown) => {
    if (typeof timestamp !== 'string') return;
    facts.firstTimestamp ??= timestamp;
    facts.lastTimestamp = timestamp;
  };
  const result = (
    lineNo: number,
    callId: string,
    outcome: CodexOutcome,
    text: string,
    timestamp?: string,
  ) => {
    settled.add(callId);
    pendingCalls.delete(callId);
    const failed = (outcome.kind === 'exit' && outcome.code !== 0) || outcome.kind === 'failed';
    const aborted = outcome.kind === 'aborted';
    if (failed) session.turns.toolErrors++;
    const output: ToolOutput = {
      toolUseId: callId,
      isError: failed || aborted,
      ...(aborted ? { refused: true } : {}),
      text: displayedOutput(text),
    };
    messages.push({
      id: callId || lineId(lineNo),
      lineNo,
      role: 'user',
      sidechain: subagent,
      meta: false,
      text: '',
      toolCalls: [],
      toolOutputs: [output],
      ...(timestamp ? { timestamp } : {}),
    });
  };

  const onOutput = (item: Json, lineNo: number, timestamp?: string) => {
    const callId = str(item.call_id) ?? '';
    if (settled.has(callId)) return;
    const text = outputText(item.output);
    const call = calls.get(callId);
    const outcome = reported.get(callId) ?? outcomeOfOutput(text);
    if (call?.name === 'write_stdin') {
      const target =
        str(call.args.session_id) ??
        (num(call.args.session_id) !== undefined ? String(call.args.session_id) : undefined);
      const original = target !== undefined ? runningBySession.get(target) : undefined;
      if (
        outcome.kind === 'running' ||
        (target !== undefined && endedSessions.has(target) && outcome.kind === 'exit')
      ) {
        settled.add(callId); // still running (the answer comes later), or its end was reported already
        return;
      }
      // The process's end answers the command that started it; a write that failed is the write's own.
      if (original !== undefined && !settled.has(original) && outcome.kind !== 'failed') {
        runningBySession.delete(target!);
        endedSessions.add(target!);
        result(lineNo, original, reported.get(original) ?? outcome, text, timestamp);
        settled.add(callId);
        return;
      }
    }
    if (outcome.kind === 'running') {
      runningBySession.set(outcome.session, callId);
      pendingCalls.add(callId);
      return;
    }
    result(lineNo, callId, outcome, text, timestamp);
  };

  const onEventOutcome = (
    callId: string,
    outcome: CodexOutcome,
    lineNo: number,
    text: string,
    timestamp?: string,
  ) => {
    if (!callId || settled.has(callId)) return;
    reported.set(callId, outcome);
    // An exit reported after the output said "running": the call ends here.
    if (pendingCalls.has(callId)) {
      for (const [key, value] of runningBySession) {
        if (value !== callId) continue;
        runningBySession.delete(key);
        endedSessions.add(key);
      }
      result(lineNo, callId, outcome, text, timestamp);
    }
  };

  const onItem = (item: Json, lineNo: number, timestamp?: string) => {
    const type = item.type;
    if (type === 'message') {
      const role = item.role;
      const text = contentText(item.content);
      if (role === 'assistant') {
        session.turns.assistant++;
        messages.push({
          id: nonEmpty(item.id) ?? lineId(lineNo),
          lineNo,
          role: 'assistant',
          sidechain: subagent,
          meta: false,
          text,
          toolCalls: [],
          toolOutputs: [],
          ...(timestamp ? { timestamp } : {}),
        });
      } else if (role === 'user') {
        session.cwd ??= cwdOfEnvironment(text);
        const typed = codexTypedText(text);
        humans.push({
          channel: 'item',
          message: {
            id: lineId(lineNo),
            lineNo,
            role: 'user',
            sidechain: subagent,
            meta: typed === undefined || subagent,
            text: typed ?? text,
            toolCalls: [],
            toolOutputs: [],
            ...(timestamp ? { timestamp } : {}),
          },
        });
      }
      // developer and system messages are Codex's own instructions.
      return;
    }
    const call = codexCallOf(item);
    if (call) {
      calls.set(call.callId, call);
      const edits = codexEdits(call);
      const writes = codexWrites(call);
      messages.push({
        id: call.callId || lineId(lineNo),
        lineNo,
        role: 'assistant',
        sidechain: subagent,
        meta: false,
        text: '',
        toolCalls: [codexToolCall(call)],
        toolOutputs: [],
        ...(edits.length > 0 ? { edits } : {}),
        ...(writes.length > 0 ? { writes } : {}),
        ...(timestamp ? { timestamp } : {}),
      });
      return;
    }
    if (typeof type === 'string' && OUTPUT_ITEMS.has(type)) {
      onOutput(item, lineNo, timestamp);
      return;
    }
    if (typeof type === 'string' && KNOWN_QUIET_ITEMS.has(type)) return;
    session.unknownRecords++;
  };

  const onEvent = (event: Json, lineNo: number, timestamp?: string) => {
    const type = event.type;
    if (type === 'user_message') {
      sawHumanEvent = true;
      const text = str(event.message) ?? '';
      const typed = event.kind === undefined || event.kind === 'plain' ? codexTypedText(text) : undefined;
      humans.push({
        channel: 'event',
        message: {
          id: lineId(lineNo),
          lineNo,
          role: 'user',
          sidechain: subagent,
          meta: typed === undefined || subagent,
          text: typed ?? text,
          toolCalls: [],
          toolOutputs: [],
          ...(timestamp ? { timestamp } : {}),
        },
      });
      return;
    }
    if (type === 'exec_command_end') {
      const code = num(event.exit_code);
      const outcome: CodexOutcome = code !== undefined ? { kind: 'exit', code } : { kind: 'unknown' };
      const text = str(event.formatted_output) ?? str(event.aggregated_output) ?? str(event.stderr) ?? '';
      onEventOutcome(str(event.call_id) ?? '', outcome, lineNo, text, timestamp);
      return;
    }
    if (type === 'patch_apply_end') {
      const ok = event.success !== false;
      onEventOutcome(
        str(event.call_id) ?? '',
        ok ? { kind: 'exit', code: 0 } : { kind: 'failed' },
        lineNo,
        str(event.stderr) ?? '',
        timestamp,
      );
      return;
    }
    if (type === 'mcp_tool_call_end') {
      const res = isObject(event.result) ? event.result : undefined;
      const failed = res !== undefined && ('Err' in res || (isObject(res.Ok) && res.Ok.isError === true));
      onEventOutcome(
        str(event.call_id) ?? '',
        failed ? { kind: 'failed' } : { kind: 'exit', code: 0 },
        lineNo,
        '',
        timestamp,
      );
      return;
    }
    if (typeof type === 'string' && (KNOWN_EVENTS.has(type) || type.startsWith('collab_'))) return;
    session.unknownRecords++;
  };

  const onMeta = (meta: Json, envelope: Json) => {
    metaCount++;
    if (metaCount > 1) {
      // A second session_meta opens the copied history of the parent (a fork or a sub-agent file).
      if (boundary === undefined) inReplay = true;
      return;
    }
    facts.sessionId = nonEmpty(meta.id) ?? nonEmpty(meta.session_id);
    const cwd = nonEmpty(meta.cwd);
    if (cwd) session.cwd = cwd;
    const parent = parentOf(meta);
    if (parent) session.parentSessionId = parent;
    subagent = isSubagentMeta(meta);
    if (subagent) session.subagent = true;
    boundary = replayBoundary(meta);
    const created = Date.parse(String(meta.timestamp ?? envelope.timestamp ?? ''));
    if (!Number.isNaN(created)) ownCreated = created;
    if (parent && boundary === undefined && findParent) {
      const parentPath = findParent(parent);
      if (parentPath) parentTurns = turnIdsOf(parentPath);
    }
  };

  /** Whether an envelope belongs to the parent's copied history, and ends the copy when it does not. */
  const isReplayed = (record: Json, payload: Json | undefined): boolean => {
    const ordinal = num(record.ordinal);
    if (boundary !== undefined && ordinal !== undefined) return ordinal < boundary;
    if (!inReplay) return false;
    if (parentTurns) {
      const turnId = payload ? str(payload.turn_id) : undefined;
      if (record.type === 'turn_context' && turnId !== undefined && !parentTurns.has(turnId)) {
        inReplay = false;
        return false;
      }
      return true;
    }
    const at = Date.parse(String(record.timestamp ?? ''));
    if (ownCreated !== undefined && !Number.isNaN(at) && at > ownCreated + REPLAY_WINDOW_MS) {
      inReplay = false;
      return false;
    }
    return true;
  };

  const visit = (record: Json, lineNo: number) => {
    const timestamp = str(record.timestamp);
    const payload = isObject(record.payload) ? record.payload : undefined;
    if (record.type === 'session_meta' && payload) {
      facts.knownFieldsSeen = true;
      stamp(timestamp);
      onMeta(payload, record);
      return;
    }
    if (payload && typeof record.type === 'string') {
      facts.knownFieldsSeen = true;
      if (isReplayed(record, payload)) return;
      stamp(timestamp);
      if (record.type === 'response_item') onItem(payload, lineNo, timestamp);
      else if (record.type === 'event_msg') onEvent(payload, lineNo, timestamp);
      else if (!KNOWN_QUIET.has(record.type)) session.unknownRecords++;
      return;
    }
    // Early Rust rollouts: a bare meta line, bare items and state lines.
    if (record.record_type !== undefined) return;
    if (lineNo === 0 && typeof record.id === 'string' && record.type === undefined) {
      facts.knownFieldsSeen = true;
      facts.sessionId = record.id;
      stamp(record.timestamp);
      return;
    }
    if (typeof record.type === 'string') onItem(record, lineNo);
    else session.unknownRecords++;
  };

  if (path.endsWith('.json')) {
    readLegacyJson(path, facts, visit);
  } else {
    const pass = forEachRecord(path, visit);
    facts.lines = pass.lines;
    session.unreadableLines = pass.unreadable;
    if (pass.oversized > 0) session.oversizedRecords = pass.oversized;
  }

  // The person's turns: the events when the file has them (what was typed), else the message items.
  const channel = sawHumanEvent ? 'event' : 'item';
  for (const human of humans) {
    if (human.channel !== channel) continue;
    if (!human.message.meta) session.turns.human++;
    messages.push(human.message);
  }
  messages.sort((a, b) => a.lineNo - b.lineNo);
  facts.sessionId ??= idFromName(path);
  facts.session = session;
  return { messages, facts };
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
