import { contentOf, isObject, messageIdOf, textOf } from '../transcript/claude/normalize.js';
import { pyTruthy } from '../transcript/pyjson.js';

/** A tool call on an assistant line, summarised (inputs such as file contents are not kept). */
export interface ToolCall {
  id: string;
  name: string;
  /** One line: the command, the path, the pattern... */
  summary: string;
  /** Bash command, when the tool is Bash. */
  command?: string;
  /** The file the tool reads or writes, when it names one. */
  path?: string;
}

/** A tool result on a user line. */
export interface ToolOutput {
  toolUseId: string;
  isError: boolean;
  text: string;
}

/** One user or assistant line of a transcript, as the deep read sees it. */
export interface TranscriptMessage {
  id: string;
  lineNo: number;
  role: 'user' | 'assistant';
  /** Sub-agent (sidechain) line: windows keep these apart from the main conversation. */
  sidechain: boolean;
  meta: boolean;
  /** Text blocks joined with `\n` (thinking dropped). */
  text: string;
  toolCalls: ToolCall[];
  toolOutputs: ToolOutput[];
}

/** The conversation a message belongs to: the main chain or a sub-agent's. */
export function chainOf(message: TranscriptMessage): 'main' | 'sidechain' {
  return message.sidechain ? 'sidechain' : 'main';
}

/** A user line typed by the human: no tool result, some text, not injected by the system. */
export function isHumanTurn(message: TranscriptMessage): boolean {
  return (
    message.role === 'user' && message.toolOutputs.length === 0 && !message.meta && message.text.length > 0
  );
}

/** Longest Bash command kept per tool call. */
const MAX_COMMAND_CHARS = 4_000;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function toolCallOf(block: Record<string, unknown>): ToolCall {
  const name = str(block.name) ?? 'tool';
  const input = isObject(block.input) ? block.input : {};
  const id = str(block.id) ?? '';
  const path =
    str(input.file_path) ?? str(input.notebook_path) ?? (name === 'Grep' ? undefined : str(input.path));
  // A command can be a whole heredoc; the head is enough to tell a test run from a build, and it keeps
  // the per-message state small.
  const command = name === 'Bash' ? str(input.command)?.slice(0, MAX_COMMAND_CHARS) : undefined;
  let summary: string;
  if (command !== undefined) summary = oneLine(command, 300);
  else if (name === 'Grep')
    summary = `${JSON.stringify(str(input.pattern) ?? '')} in ${str(input.path) ?? '.'}`;
  else if (name === 'Glob') summary = str(input.pattern) ?? '';
  else if (name === 'Task' || name === 'Agent')
    summary = `${str(input.subagent_type) ?? 'agent'}: ${oneLine(str(input.description) ?? '', 120)}`;
  else if (name === 'TodoWrite') summary = `${Array.isArray(input.todos) ? input.todos.length : 0} todos`;
  else if (path !== undefined) summary = path;
  else summary = oneLine(JSON.stringify(input), 200);
  return {
    id,
    name,
    summary,
    ...(command !== undefined ? { command } : {}),
    ...(path !== undefined ? { path } : {}),
  };
}

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (!isObject(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (block.type === 'image') parts.push('[image]');
  }
  return parts.join('\n');
}

/** The deep read's view of a parsed line, or undefined for lines that are not user/assistant messages. */
export function toTranscriptMessage(
  line: Record<string, unknown>,
  lineNo: number,
): TranscriptMessage | undefined {
  const role = line.type;
  if (role !== 'user' && role !== 'assistant') return undefined;
  const content = contentOf(line);
  const toolCalls: ToolCall[] = [];
  const toolOutputs: ToolOutput[] = [];
  if (Array.isArray(content)) {
    for (const block of content) {
      if (!isObject(block)) continue;
      if (role === 'assistant' && block.type === 'tool_use') toolCalls.push(toolCallOf(block));
      if (role === 'user' && block.type === 'tool_result') {
        toolOutputs.push({
          toolUseId: str(block.tool_use_id) ?? '',
          isError: pyTruthy(block.is_error),
          text: toolResultText(block.content),
        });
      }
    }
  }
  return {
    id: messageIdOf(line, lineNo),
    lineNo,
    role,
    sidechain: pyTruthy(line.isSidechain),
    meta: pyTruthy(line.isMeta),
    text: textOf(content),
    toolCalls,
    toolOutputs,
  };
}

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
