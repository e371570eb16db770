/**
 * The host-neutral view of a session that the gate consumes. Each host adapter (transcript/<host>/) turns
 * its own log format into these events; the gate never sees a host's format.
 */

/** The coding agents whose sessions Retrospect reads, by the name stored with each session. */
export const HOST_NAMES = ['claude-code', 'codex', 'gemini', 'opencode', 'copilot'] as const;
export type HostName = (typeof HOST_NAMES)[number];

export function isHostName(value: unknown): value is HostName {
  return typeof value === 'string' && (HOST_NAMES as readonly string[]).includes(value);
}

/**
 * A message id as the host spells it (Claude Code: a UUID; Gemini CLI: the message id; OpenCode: `msg_…`;
 * Copilot CLI: the event id; Codex: a tool call's `call_id`), or `line:<n>` when the record has none.
 */
export type MessageId = string;

/**
 * A file-editing tool call and the path it wrote (Claude Code's Edit, Write, MultiEdit, NotebookEdit; a
 * Codex apply_patch gives one per file it touches). `tool` is `Write` for a call that creates the file
 * whole, whatever the host calls it, so the gate's draft-polish exemption reads every host alike.
 */
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
  /**
   * What a host adapter learned beyond the turns (hosts other than Claude Code fill it; Claude Code's
   * readers leave it out, so that the fast reader and its oracle stay comparable field for field).
   */
  session?: SessionFacts;
}

/** How many turns a session holds, as its host records them. */
export interface TurnCounts {
  /** Turns a person typed (the host's wrappers, injected context and replayed history left out). */
  human: number;
  /** Assistant messages as the host writes them (one per reply record, tool-only replies included). */
  assistant: number;
  /** Tool results that report a failure (an error flag, or a non-zero exit code in the output). */
  toolErrors: number;
}

/** A session's facts as a host adapter reads them. */
export interface SessionFacts {
  turns: TurnCounts;
  /** The folder the session ran in, when the host records it. */
  cwd?: string;
  /** The session that started this one (a sub-agent's parent, a fork's origin). */
  parentSessionId?: string;
  /** The whole file is a sub-agent's: its prompts come from the agent that started it, not from a person. */
  subagent?: boolean;
  /** Records of a type the adapter does not know: skipped and counted, never fatal (format drift). */
  unknownRecords: number;
  /** Lines that are not JSON (a torn write): skipped and counted. */
  unreadableLines: number;
  /** Lines over the record cap (MAX_RECORD_BYTES), passed over unread: absent or 0 for real sessions. */
  oversizedRecords?: number;
}
