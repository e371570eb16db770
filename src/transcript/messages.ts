import type { EditCall, MessageId, TurnEvent } from './types.js';
import type { FileWrite } from './written.js';

/**
 * The host-neutral view of a session's messages that the deep read, the heuristic reader and citations
 * use. Each host adapter reads its own records into it, so no consumer knows a host's record shapes; the
 * gate's turn events are derived from the same messages (eventsOfMessages) for hosts whose reader builds
 * them.
 */

/**
 * What a tool call does, as its host's adapter judges from the tool's name: readers of any host compare
 * kinds, never a host's tool names.
 */
export type ToolKind = 'edit' | 'write' | 'read' | 'search' | 'shell' | 'agent' | 'plan' | 'other';

/** A tool call, summarised (inputs such as file contents are not kept). */
export interface ToolCall {
  /** The call's id as the host spells it (Claude Code `toolu_…`, Codex `call_…`, OpenCode `call_…`). */
  id: string;
  /** The tool's name as the host spells it. */
  name: string;
  kind: ToolKind;
  /** One line: the command, the path, the pattern... */
  summary: string;
  /** The shell command, for a shell call. */
  command?: string;
  /** The folder a shell call ran its command in, when the call names one (Codex's `workdir`). */
  workdir?: string;
  /** The file the tool reads or writes, when it names one. */
  path?: string;
}

/** A tool's result. */
export interface ToolOutput {
  /** The id of the call it answers. */
  toolUseId: string;
  isError: boolean;
  /** The person refused the call or stopped it (an error to the gate's S2, a correction to its calibrated read). */
  refused?: boolean;
  text: string;
}

/** One user or assistant message of a session, as the deep read sees it. */
export interface TranscriptMessage {
  /** The host's own id for the message (see MessageId), cited by proposals. */
  id: MessageId;
  /** Where the message sits: its 0-based physical line, or its position in the host's record order. */
  lineNo: number;
  role: 'user' | 'assistant';
  /** Sub-agent (sidechain) message: windows keep these apart from the main conversation. */
  sidechain: boolean;
  /** Injected by the host, not typed by a person (context, instructions, wrappers, replayed history). */
  meta: boolean;
  /** Prose (reasoning dropped). For a person's message: what they typed, the host's wrappers removed. */
  text: string;
  toolCalls: ToolCall[];
  toolOutputs: ToolOutput[];
  /** The files the message's calls edit (one entry per file; a multi-file patch gives several). */
  edits?: EditCall[];
  /** What the message's file-writing calls wrote (hosts other than Claude Code; the walk links by it). */
  writes?: FileWrite[];
  timestamp?: string;
}

/** The conversation a message belongs to: the main chain or a sub-agent's. */
export function chainOf(message: TranscriptMessage): 'main' | 'sidechain' {
  return message.sidechain ? 'sidechain' : 'main';
}

/**
 * A message a person typed: a user message with text that carries no tool result and that its host did not
 * inject. This is the one rule every reader applies; what counts as injected is each host's to say (its
 * adapter sets `meta`).
 */
export function isHumanTurn(message: Pick<TranscriptMessage, 'role' | 'meta' | 'toolOutputs' | 'text'>) {
  return (
    message.role === 'user' && message.toolOutputs.length === 0 && !message.meta && message.text.length > 0
  );
}

/** The gate's turn events of a host's messages, in order (for adapters that read messages first). */
export function eventsOfMessages(messages: readonly TranscriptMessage[], onEvent: (e: TurnEvent) => void) {
  for (const message of messages) {
    if (message.role === 'assistant') {
      onEvent({
        kind: 'assistant',
        lineNo: message.lineNo,
        id: message.id,
        text: message.text,
        edits: message.edits ?? [],
      });
      continue;
    }
    onEvent({
      kind: 'user',
      lineNo: message.lineNo,
      id: message.id,
      isMeta: message.meta,
      toolResultErrors: message.toolOutputs.map((output) => output.isError),
      // The host's own reading of each result: a call the person refused or stopped is not a failure.
      toolResultKinds: message.toolOutputs.map((output) =>
        !output.isError ? 'ok' : output.refused === true ? 'refused' : 'error',
      ),
      text: message.toolOutputs.length > 0 ? '' : message.text,
    });
  }
}

/** Longest shell command kept per tool call: the head tells a test run from a build. */
export const MAX_COMMAND_CHARS = 4_000;

/** Text flattened to one line and cut at `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A tool call summarised from what an adapter knows about it (the summary rule shared by every host). */
export function summarizedCall(call: {
  id: string;
  name: string;
  kind: ToolKind;
  command?: string | undefined;
  path?: string | undefined;
  pattern?: string | undefined;
  description?: string | undefined;
  input?: unknown;
}): ToolCall {
  const command = call.command?.slice(0, MAX_COMMAND_CHARS);
  let summary: string;
  if (command !== undefined) summary = oneLine(command, 300);
  else if (call.kind === 'search' && call.pattern !== undefined)
    summary = `${JSON.stringify(call.pattern)}${call.path !== undefined ? ` in ${call.path}` : ''}`;
  else if (call.kind === 'agent') summary = oneLine(call.description ?? '', 120);
  else if (call.path !== undefined) summary = call.path;
  else if (call.pattern !== undefined) summary = call.pattern;
  else if (call.description !== undefined) summary = oneLine(call.description, 200);
  else summary = oneLine(call.input === undefined ? '' : (JSON.stringify(call.input) ?? ''), 200);
  return {
    id: call.id,
    name: call.name,
    kind: call.kind,
    summary,
    ...(command !== undefined ? { command } : {}),
    ...(call.path !== undefined && call.kind !== 'search' ? { path: call.path } : {}),
  };
}
