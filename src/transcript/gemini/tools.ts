import { isObject, type Json, str } from '../json-value.js';
import { summarizedCall, type ToolCall, type ToolKind, type ToolOutput } from '../messages.js';
import type { EditCall } from '../types.js';
import { type FileWrite, piece } from '../written.js';

/**
 * Gemini CLI's tool calls (`toolCalls[]` of a `gemini` record: `{id, name, args, result, status}`) and where
 * each records a failure. `status: "error"` is a call that threw or was refused by policy; a shell command
 * that exits non-zero is still `success`, its output ending `Exit Code: N` (shell.ts writes the line only
 * when N is not 0); `cancelled` is the person declining the call.
 */

const KINDS: Record<string, ToolKind> = {
  replace: 'edit',
  edit: 'edit',
  smart_edit: 'edit',
  write_file: 'write',
  read_file: 'read',
  read_many_files: 'read',
  list_directory: 'read',
  run_shell_command: 'shell',
  grep_search: 'search',
  search_file_content: 'search',
  glob: 'search',
  google_web_search: 'search',
  write_todos: 'plan',
  update_topic: 'plan',
  codebase_investigator: 'agent',
  delegate_to_agent: 'agent',
};

const EXIT_CODE = /^\s*Exit Code: (-?\d+)\s*$/m;

function kindOf(name: string): ToolKind {
  return KINDS[name] ?? 'other';
}

/** The responses a call's `result` (Part[] with `functionResponse.response`) holds. */
function responsesOf(call: Json): Json[] {
  const result = call.result;
  const parts = Array.isArray(result) ? result : isObject(result) ? [result] : [];
  const responses: Json[] = [];
  for (const part of parts) {
    if (isObject(part) && isObject(part.functionResponse) && isObject(part.functionResponse.response))
      responses.push(part.functionResponse.response);
  }
  return responses;
}

function responseText(response: Json): string {
  const value = response.error ?? response.output ?? response.llmContent ?? response.content;
  if (typeof value === 'string') return value;
  return value === undefined ? '' : (JSON.stringify(value) ?? '');
}

export function geminiToolCall(call: Json): ToolCall {
  const name = str(call.name) ?? 'tool';
  const args = isObject(call.args) ? call.args : {};
  return summarizedCall({
    id: str(call.id) ?? '',
    name,
    kind: kindOf(name),
    command: name === 'run_shell_command' ? str(args.command) : undefined,
    path: str(args.file_path) ?? str(args.absolute_path) ?? str(args.path) ?? str(args.dir_path),
    pattern: str(args.pattern) ?? str(args.query),
    description: str(args.description) ?? str(args.objective),
    input: args,
  });
}

/** The file a call writes: `replace`/`edit` edit it, `write_file` writes it whole (a Write). */
export function geminiEdit(call: Json): EditCall | undefined {
  const name = str(call.name) ?? '';
  const kind = kindOf(name);
  if (kind !== 'edit' && kind !== 'write') return undefined;
  const args = isObject(call.args) ? call.args : {};
  const path = str(args.file_path) ?? str(args.absolute_path) ?? str(args.path);
  if (path === undefined || path.length === 0) return undefined;
  return { tool: kind === 'write' ? 'Write' : name, path };
}

/** How a call ended, when it has: undefined while it is still in flight (validating, executing, …). */
export function geminiOutput(call: Json): (ToolOutput & { failed: boolean }) | undefined {
  const status = str(call.status);
  if (status !== 'success' && status !== 'error' && status !== 'cancelled') return undefined;
  const responses = responsesOf(call);
  const text = responses.map(responseText).join('\n') || (str(call.resultDisplay) ?? '');
  const id = str(call.id) ?? '';
  if (status === 'cancelled') return { toolUseId: id, isError: true, refused: true, text, failed: false };
  if (status === 'error') return { toolUseId: id, isError: true, text, failed: true };
  const exit = responses
    .map((r) => EXIT_CODE.exec(typeof r.output === 'string' ? r.output : ''))
    .find(Boolean);
  const failed = exit !== undefined && exit !== null && Number(exit[1]) !== 0;
  return { toolUseId: id, isError: failed, text, failed };
}

/** What a call wrote: `replace`'s old and new string, or `write_file`'s whole content. */
export function geminiWrite(call: Json): FileWrite | undefined {
  const edit = geminiEdit(call);
  if (edit === undefined) return undefined;
  const args = isObject(call.args) ? call.args : {};
  const pieces =
    edit.tool === 'Write'
      ? piece(undefined, str(args.content))
      : piece(str(args.old_string), str(args.new_string));
  return { callId: str(call.id) ?? '', tool: str(call.name) ?? edit.tool, path: edit.path, pieces };
}
