/**
 * The host-neutral view of a session that the gate consumes. A host adapter (Claude Code today) turns its
 * own log format into these events; the gate never sees a host's format.
 */

/** A message id as the transcript spells it (Claude Code: a UUID), or `line:<n>` when it has none. */
export type MessageId = string;

/** A file-editing tool call (Edit, Write, MultiEdit, NotebookEdit) and the path it wrote. */
export interface EditCall {
  tool: string;
  path: string;
}

export interface AssistantEvent {
  kind: 'assistant';
  lineNo: number;
  id: MessageId;
  /** Text blocks joined with `\n` (thinking dropped); empty for a tool-only turn. */
  text: string;
  edits: EditCall[];
}

export interface UserEvent {
  kind: 'user';
  lineNo: number;
  id: MessageId;
  isMeta: boolean;
  /** One entry per tool_result block, in order: whether it reported an error. */
  toolResultErrors: boolean[];
  /** The turn's text (string content, or text blocks joined with `\n`). */
  text: string;
}

export type TurnEvent = AssistantEvent | UserEvent;

/** What a whole-file pass learns besides the turns. */
export interface TranscriptFacts {
  /** First non-empty `sessionId` / `session_id` string in the file, if any. */
  sessionId: string | undefined;
  /** Physical lines, blank and unparseable ones included. */
  lines: number;
  /** Whether any parsed object in the first 50 physical lines carried a known Claude Code field. */
  knownFieldsSeen: boolean;
  /** First and last `timestamp` strings seen on parsed lines. */
  firstTimestamp: string | undefined;
  lastTimestamp: string | undefined;
}
