import type { TranscriptMessage } from '../transcript/messages.js';

export {
  chainOf,
  isHumanTurn,
  type ToolCall,
  type ToolKind,
  type ToolOutput,
  type TranscriptMessage,
} from '../transcript/messages.js';

/** Cuts the middle of a long payload, keeping its head and its tail (test summaries sit at the end). */
export function cutMiddle(text: string, maxChars: number): { text: string; cut: number } {
  if (text.length <= maxChars) return { text, cut: 0 };
  const tail = Math.floor(maxChars / 4);
  const head = maxChars - tail;
  const cut = text.length - head - tail;
  return { text: `${text.slice(0, head)} [… ${cut} chars cut …] ${text.slice(text.length - tail)}`, cut };
}

/**
 * The message's citable text: its prose, `→ Tool: summary` per tool call and `← tool_result: output` per
 * result. Citations are checked against this (uncut); windows show it cut to `maxChars` per part.
 */
export function messageBody(
  message: TranscriptMessage,
  maxChars = Number.POSITIVE_INFINITY,
): { text: string; cut: number } {
  const parts: string[] = [];
  let cut = 0;
  const add = (text: string) => {
    const piece = Number.isFinite(maxChars) ? cutMiddle(text, maxChars) : { text, cut: 0 };
    parts.push(piece.text);
    cut += piece.cut;
  };
  if (message.text.length > 0) add(message.text);
  for (const call of message.toolCalls) add(`→ ${call.name}: ${call.summary}`);
  for (const output of message.toolOutputs)
    add(`← tool_result${output.isError ? ' (error)' : ''}: ${output.text}`);
  return { text: parts.join('\n'), cut };
}

/** `[<id>] <role>: <body>`, continuation lines indented so that no data line can pose as a new entry. */
export function renderMessageLine(message: TranscriptMessage, body: string): string {
  const role = `${message.role}${message.sidechain ? ' (sub-agent)' : ''}${message.meta ? ' (system)' : ''}`;
  return `[${message.id}] ${role}: ${body.replace(/\r\n|\r|\n/g, '\n  ')}`;
}
