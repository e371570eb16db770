import { pyTruthy } from '../pyjson.js';
import type { EditCall, MessageId, ToolResultKind, TurnEvent } from '../types.js';
import { toolErrorKind } from './tool-results.js';

type Json = Record<string, unknown>;

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const PATH_KEYS = ['file_path', 'notebook_path', 'path'] as const;

/** Top-level fields that identify a Claude Code JSONL line (for the schema-drift warning). */
const KNOWN_FIELDS = ['type', 'uuid', 'message', 'parentUuid', 'sessionId', 'timestamp'] as const;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `uuid`, else `messageId`, else `line:<n>` (Python `or` semantics: the first truthy value). */
export function messageIdOf(line: Json, lineNo: number): MessageId {
  if (pyTruthy(line.uuid)) return line.uuid as MessageId;
  if (pyTruthy(line.messageId)) return line.messageId as MessageId;
  return `line:${lineNo}`;
}

/** `message.content`, with a non-object message counting as `{}`. */
export function contentOf(line: Json): unknown {
  const message = line.message;
  return isObject(message) ? message.content : undefined;
}

/** A string content as is; for a block list, the non-empty `text` of `text` blocks joined with `\n`. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string' && block.text.length > 0) {
      parts.push(block.text);
    }
  }
  return parts.join('\n');
}

/** The file an edit tool_use block writes (Edit, Write, MultiEdit, NotebookEdit), or undefined. */
export function editOf(block: Json): EditCall | undefined {
  if (typeof block.name !== 'string' || !EDIT_TOOLS.has(block.name)) return undefined;
  const input = block.input;
  if (!isObject(input)) return undefined;
  for (const key of PATH_KEYS) {
    const value = input[key];
    if (typeof value === 'string' && value.length > 0) return { tool: block.name, path: value };
  }
  return undefined;
}

/** The gate's view of one parsed Claude Code line, or undefined for lines it ignores. */
export function toTurnEvent(line: Json, lineNo: number): TurnEvent | undefined {
  const type = line.type;
  if (type !== 'user' && type !== 'assistant') return undefined;
  const content = contentOf(line);
  const blocks = Array.isArray(content) ? content : [];
  const id = messageIdOf(line, lineNo);
  if (type === 'assistant') {
    const edits: EditCall[] = [];
    for (const block of blocks) {
      if (isObject(block) && block.type === 'tool_use') {
        const edit = editOf(block);
        if (edit) edits.push(edit);
      }
    }
    return { kind: 'assistant', lineNo, id, text: textOf(content), edits };
  }
  const toolResultErrors: boolean[] = [];
  const toolResultKinds: ToolResultKind[] = [];
  for (const block of blocks) {
    if (!isObject(block) || block.type !== 'tool_result') continue;
    const error = pyTruthy(block.is_error);
    toolResultErrors.push(error);
    toolResultKinds.push(error ? toolErrorKind(block.content) : 'ok');
  }
  return {
    kind: 'user',
    lineNo,
    id,
    isMeta: pyTruthy(line.isMeta),
    toolResultErrors,
    toolResultKinds,
    text: textOf(content),
  };
}

/** First non-empty `sessionId`, else `session_id`, string of a line. */
export function sessionIdOf(line: Json): string | undefined {
  if (typeof line.sessionId === 'string' && line.sessionId.length > 0) return line.sessionId;
  if (typeof line.session_id === 'string' && line.session_id.length > 0) return line.session_id;
  return undefined;
}

export function hasKnownField(line: Json): boolean {
  for (const key of KNOWN_FIELDS) if (key in line) return true;
  return false;
}
