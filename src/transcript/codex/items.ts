import { type Json, nonEmpty, num, objects, str } from '../json-value.js';
import type { TranscriptMessage } from '../messages.js';
import type { CodexOutcome } from './failure.js';
import { codexTypedText, cwdOfEnvironment } from './human.js';
import { type CodexReadState, lineId } from './read-state.js';
import { mcpResultFailed, onEventOutcome, onOutput } from './results.js';
import { codexCallOf, codexEdits, codexToolCall, codexWrites } from './tools.js';

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

/** A person's turn as a pending human message (its channel decides at the end whether it counts). */
function humanMessage(
  state: CodexReadState,
  lineNo: number,
  text: string,
  typed: string | undefined,
  timestamp?: string,
): TranscriptMessage {
  return {
    id: lineId(lineNo),
    lineNo,
    role: 'user',
    sidechain: state.subagent,
    meta: typed === undefined || state.subagent,
    text: typed ?? text,
    toolCalls: [],
    toolOutputs: [],
    ...(timestamp ? { timestamp } : {}),
  };
}

/** A message item: the assistant's reply, or a user message (a person's turn when the file has no events). */
function onMessageItem(state: CodexReadState, item: Json, lineNo: number, timestamp?: string): void {
  const role = item.role;
  const text = contentText(item.content);
  if (role === 'assistant') {
    state.session.turns.assistant++;
    state.messages.push({
      id: nonEmpty(item.id) ?? lineId(lineNo),
      lineNo,
      role: 'assistant',
      sidechain: state.subagent,
      meta: false,
      text,
      toolCalls: [],
      toolOutputs: [],
      ...(timestamp ? { timestamp } : {}),
    });
  } else if (role === 'user') {
    state.session.cwd ??= cwdOfEnvironment(text);
    const typed = codexTypedText(text);
    state.humans.push({ channel: 'item', message: humanMessage(state, lineNo, text, typed, timestamp) });
  }
  // developer and system messages are Codex's own instructions.
}

/** One response item: a message, a tool call (with the files it edits or writes), or a call's output. */
export function onItem(state: CodexReadState, item: Json, lineNo: number, timestamp?: string): void {
  const type = item.type;
  if (type === 'message') {
    onMessageItem(state, item, lineNo, timestamp);
    return;
  }
  const call = codexCallOf(item);
  if (call) {
    state.calls.calls.set(call.callId, call);
    const edits = codexEdits(call);
    const writes = codexWrites(call);
    state.messages.push({
      id: call.callId || lineId(lineNo),
      lineNo,
      role: 'assistant',
      sidechain: state.subagent,
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
    onOutput(state, item, lineNo, timestamp);
    return;
  }
  if (typeof type === 'string' && KNOWN_QUIET_ITEMS.has(type)) return;
  state.session.unknownRecords++;
}

/** The outcome an end event reports for its call, with the output text it carries; undefined for other events. */
function endOutcome(event: Json): { outcome: CodexOutcome; text: string } | undefined {
  if (event.type === 'exec_command_end') {
    const code = num(event.exit_code);
    return {
      outcome: code !== undefined ? { kind: 'exit', code } : { kind: 'unknown' },
      text: str(event.formatted_output) ?? str(event.aggregated_output) ?? str(event.stderr) ?? '',
    };
  }
  if (event.type === 'patch_apply_end')
    return {
      outcome: event.success !== false ? { kind: 'exit', code: 0 } : { kind: 'failed' },
      text: str(event.stderr) ?? '',
    };
  if (event.type === 'mcp_tool_call_end')
    return {
      outcome: mcpResultFailed(event.result) ? { kind: 'failed' } : { kind: 'exit', code: 0 },
      text: '',
    };
  return undefined;
}

/** One persisted event: what the person typed, a call's end (its exit code), or one the reader skips. */
export function onEvent(state: CodexReadState, event: Json, lineNo: number, timestamp?: string): void {
  const type = event.type;
  if (type === 'user_message') {
    state.sawHumanEvent = true;
    const text = str(event.message) ?? '';
    const typed = event.kind === undefined || event.kind === 'plain' ? codexTypedText(text) : undefined;
    state.humans.push({ channel: 'event', message: humanMessage(state, lineNo, text, typed, timestamp) });
    return;
  }
  const end = endOutcome(event);
  if (end) {
    onEventOutcome(state, str(event.call_id) ?? '', end.outcome, lineNo, end.text, timestamp);
    return;
  }
  if (typeof type === 'string' && (KNOWN_EVENTS.has(type) || type.startsWith('collab_'))) return;
  state.session.unknownRecords++;
}
