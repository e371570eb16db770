import { type Json, str } from '../json-value.js';
import {
  MAX_COMMAND_CHARS,
  oneLine,
  type ToolCall,
  type ToolKind,
  type ToolOutput,
  type TranscriptMessage,
} from '../messages.js';
import { pyTruthy } from '../pyjson.js';
import { contentOf, isObject, messageIdOf, textOf } from './normalise.js';

const KINDS: Record<string, ToolKind> = {
  Edit: 'edit',
  MultiEdit: 'edit',
  NotebookEdit: 'edit',
  Write: 'write',
  Read: 'read',
  NotebookRead: 'read',
  LS: 'read',
  Grep: 'search',
  Glob: 'search',
  WebSearch: 'search',
  Bash: 'shell',
  BashOutput: 'shell',
  KillShell: 'shell',
  Task: 'agent',
  Agent: 'agent',
  TodoWrite: 'plan',
  ExitPlanMode: 'plan',
};

function toolCallOf(block: Json): ToolCall {
  const name = str(block.name) || 'tool';
  const input = isObject(block.input) ? block.input : {};
  const id = str(block.id) ?? '';
  const nonEmpty = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  const path =
    nonEmpty(input.file_path) ??
    nonEmpty(input.notebook_path) ??
    (name === 'Grep' ? undefined : nonEmpty(input.path));
  // A command can be a whole heredoc; the head is enough to tell a test run from a build, and it keeps
  // the per-message state small.
  const command = name === 'Bash' ? nonEmpty(input.command)?.slice(0, MAX_COMMAND_CHARS) : undefined;
  let summary: string;
  if (command !== undefined) summary = oneLine(command, 300);
  else if (name === 'Grep')
    summary = `${JSON.stringify(nonEmpty(input.pattern) ?? '')} in ${nonEmpty(input.path) ?? '.'}`;
  else if (name === 'Glob') summary = nonEmpty(input.pattern) ?? '';
  else if (name === 'Task' || name === 'Agent')
    summary = `${nonEmpty(input.subagent_type) ?? 'agent'}: ${oneLine(nonEmpty(input.description) ?? '', 120)}`;
  else if (name === 'TodoWrite') summary = `${Array.isArray(input.todos) ? input.todos.length : 0} todos`;
  else if (path !== undefined) summary = path;
  else summary = oneLine(JSON.stringify(input), 200);
  return {
    id,
    name,
    kind: KINDS[name] ?? 'other',
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

/** The deep read's view of a parsed Claude Code line, or undefined for lines that are not user/assistant messages. */
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
      if (role === 'assistant' && block.type === 'tool_use') {
        toolCalls.push(toolCallOf(block));
      }
      if (role === 'user' && block.type === 'tool_result') {
        toolOutputs.push({
          toolUseId: str(block.tool_use_id) || '',
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
