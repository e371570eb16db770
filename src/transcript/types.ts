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

/**
 * What one tool result reported: `ok`; an `error`; `refused`, the person declined the call (answered no to
 * the permission prompt, or interrupted it); `cancelled`, the host cancelled it because another call of the
 * same parallel batch failed (one failure, not a second one).
 */
export type ToolResultKind = 'ok' | 'error' | 'refused' | 'cancelled';

export interface UserEvent {
  kind: 'user';
  lineNo: number;
  id: MessageId;
  isMeta: boolean;
  /** One entry per tool_result block, in order: whether it reported an error. */
  toolResultErrors: boolean[];
  /**
   * What each of those tool results reported, in the same order (`ok` exactly where no error). A host that
   * cannot tell a refusal or a cancellation from a failure leaves it out; every error then counts as `error`.
   */
  toolResultKinds?: ToolResultKind[];
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
  /**
   * Lines too large to read even in part (a line over the reader's cap whose kept structure alone outgrew
   * its bound), left out like unreadable lines. Absent or 0 for every ordinary file.
   */
  oversizedLines?: number;
}
