import { hasPatch, type PatchedFile, parsePatch } from '../apply-patch.js';
import { isObject, type Json, parseObject, str } from '../json-value.js';
import { summarizedCall, type ToolCall, type ToolKind } from '../messages.js';
import type { EditCall } from '../types.js';
import { type FileWrite, patchWrites } from '../written.js';

/** A Codex tool call as a rollout records it (response item `function_call`, `custom_tool_call`, …). */
export interface CodexCall {
  callId: string;
  name: string;
  /** Decoded `arguments` (a JSON string in the rollout), or `{}`. */
  args: Json;
  /** A custom tool's raw input (apply_patch's body, exec's script). */
  input?: string;
  /** The shell command line, for the tools that run one. */
  command?: string;
  /** The files an apply_patch (or a shell heredoc feeding one) touches. */
  patch: PatchedFile[];
}

const SHELL_TOOLS = new Set(['exec_command', 'shell_command', 'shell', 'local_shell_call', 'container.exec']);

/** The command line of a shell call: a string, or an argv array (`["bash","-lc","…"]` shows its script). */
function commandOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || !value.every((part) => typeof part === 'string')) return undefined;
  const argv = value as string[];
  if (argv.length === 3 && /(?:^|\/)(?:ba|z)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!)) return argv[2];
  return argv.join(' ');
}

/** Reads a call item of any generation into a CodexCall; undefined for items that are not calls. */
export function codexCallOf(item: Json): CodexCall | undefined {
  const type = item.type;
  const callId = str(item.call_id) ?? str(item.id) ?? '';
  if (type === 'function_call') {
    const name = str(item.name) ?? 'tool';
    const args = parseObject(item.arguments) ?? {};
    const command = SHELL_TOOLS.has(name) ? commandOf(args.cmd ?? args.command) : undefined;
    const body =
      name === 'apply_patch' ? (str(args.input) ?? str(args.patch) ?? str(item.arguments)) : command;
    return {
      callId,
      name,
      args,
      ...(command !== undefined ? { command } : {}),
      patch: body !== undefined && hasPatch(body) ? parsePatch(body) : [],
    };
  }
  if (type === 'custom_tool_call') {
    const name = str(item.name) ?? 'tool';
    const input = str(item.input) ?? '';
    return { callId, name, args: {}, input, patch: name === 'apply_patch' ? parsePatch(input) : [] };
  }
  if (type === 'local_shell_call') {
    const action = isObject(item.action) ? item.action : {};
    const command = commandOf(action.command);
    return {
      callId,
      name: 'local_shell_call',
      args: action,
      ...(command !== undefined ? { command } : {}),
      patch: command !== undefined && hasPatch(command) ? parsePatch(command) : [],
    };
  }
  if (type === 'web_search_call' || type === 'tool_search_call' || type === 'image_generation_call') {
    const action = isObject(item.action) ? item.action : {};
    return { callId, name: String(type).replace(/_call$/, ''), args: action, patch: [] };
  }
  return undefined;
}

function kindOf(call: CodexCall): ToolKind {
  if (call.patch.some((file) => file.op !== 'delete'))
    return call.patch.every((f) => f.op === 'add') ? 'write' : 'edit';
  const name = call.name;
  if (call.command !== undefined || name === 'write_stdin' || name === 'exec') return 'shell';
  if (name === 'apply_patch') return 'edit';
  if (name === 'update_plan') return 'plan';
  if (/^(?:spawn_agent|wait_agent|wait|close_agent|send_input|resume_agent)$/.test(name)) return 'agent';
  if (/search|grep|find/i.test(name)) return 'search';
  if (/^(?:view_image|read_mcp_resource|read_file)$/.test(name)) return 'read';
  return 'other';
}

/** The deep read's summary of a Codex call. */
export function codexToolCall(call: CodexCall): ToolCall {
  const args = call.args;
  const patchPaths = call.patch.map((file) => file.moveTo ?? file.path);
  const workdir = call.command === undefined ? undefined : str(args.workdir);
  const summarized = summarizedCall({
    id: call.callId,
    name: call.name,
    kind: kindOf(call),
    command: call.command,
    path: patchPaths.length > 0 ? patchPaths.join(', ') : (str(args.path) ?? str(args.file)),
    pattern: str(args.query) ?? str(args.pattern),
    description:
      str(args.message) ??
      str(args.task) ??
      str(args.explanation) ??
      (call.input !== undefined ? call.input : undefined),
    input: args,
  });
  // Where the command ran: the walk resolves the files a command wrote from there.
  return workdir === undefined ? summarized : { ...summarized, workdir };
}

/**
 * The files a call edits, one entry per file (a patch touching three files is three edits). A file the
 * patch adds whole counts as a Write, as Claude Code's Write does; a deleted file is not an edit.
 */
export function codexEdits(call: CodexCall): EditCall[] {
  const edits: EditCall[] = [];
  for (const file of call.patch) {
    if (file.op === 'delete') continue;
    edits.push({ tool: file.op === 'add' ? 'Write' : call.name, path: file.moveTo ?? file.path });
  }
  return edits;
}

/** What a call wrote, per file and hunk (the walk links commits to it). */
export function codexWrites(call: CodexCall): FileWrite[] {
  return patchWrites(call.callId, call.name, call.patch);
}
