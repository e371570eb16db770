import { pyTruthy } from '../pyjson.js';
import type { ToolResultKind } from '../types.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How much of an error's text tells its kind: Claude Code's markers open it. */
const ERROR_HEAD = 400;

/**
 * Claude Code's words for a tool call the person declined: the permission prompt answered "no", plan mode
 * kept, or the call interrupted. The text that follows may carry what the person said instead.
 */
const REFUSED_RE =
  /doesn't want to (?:proceed with this tool use|take this action)|User chose to stay in plan mode|^\s*(?:\[Request interrupted by user|Interrupted by user|Request was aborted)/u;
/** A call the harness cancelled because a sibling in the same parallel batch failed: not a failure of its own. */
const CANCELLED_RE = /Sibling tool call errored|Cancelled: parallel tool call/u;

/** The text of a tool result's `content` (a string, or text blocks), enough of it to tell the error's kind. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content.slice(0, ERROR_HEAD);
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) if (isObject(block) && typeof block.text === 'string') parts.push(block.text);
  return parts.join('\n').slice(0, ERROR_HEAD);
}

/** What an erroring tool result reports: a refusal, a cascade cancellation, or a failure. */
export function toolErrorKind(content: unknown): ToolResultKind {
  const text = resultText(content);
  if (REFUSED_RE.test(text)) return 'refused';
  if (CANCELLED_RE.test(text)) return 'cancelled';
  return 'error';
}

/** One kind per tool_result block of a parsed line, in order ('ok' for a result without is_error). */
export function toolResultKindsOf(line: Record<string, unknown>): ToolResultKind[] {
  const message = line.message;
  const content = isObject(message) ? message.content : undefined;
  const kinds: ToolResultKind[] = [];
  if (!Array.isArray(content)) return kinds;
  for (const block of content) {
    if (!isObject(block) || block.type !== 'tool_result') continue;
    kinds.push(pyTruthy(block.is_error) ? toolErrorKind(block.content) : 'ok');
  }
  return kinds;
}
