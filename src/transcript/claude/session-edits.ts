import { basename, isAbsolute } from 'node:path';
import { lineRanges } from '../lines.js';
import { parseObjectLine } from '../parse.js';
import {
  MAX_COMMAND_OUTPUT,
  type SessionCommand,
  type SessionEdits,
  type SessionPrompt,
  type WrittenEdit,
  type WrittenPiece,
} from '../session-edits.js';
import { isObject } from './normalise.js';

type Json = Record<string, unknown>;

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
/** The shell tool: a command it ran may have written files (see SessionCommand). */
const SHELL_TOOL = 'Bash';
/** How far into a line the entry kind is looked for (skipping only ever drops lines that cannot matter). */
const HEAD_BYTES = 4096;
/** Claude Code's wrappers around text no person typed: slash-command plumbing, hook output, notifications. */
const NOT_TYPED =
  /^<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr|task-notification)>/;
/** Context Claude Code attaches to a prompt (the file open in the IDE, the selection, reminders). */
const ATTACHED_CONTEXT = /<(ide_opened_file|ide_selection|system-reminder)>[\s\S]*?<\/\1>/g;
const NOT_TYPED_PREFIXES = [
  'Caveat: ',
  '[Request interrupted',
  'This session is being continued from a previous conversation',
];
const TOOL_USE_ID = /"tool_use_id"\s*:\s*"([^"]+)"/;

/** What a line may hold, judged by bytes alone: only these lines are parsed. */
function lineKind(
  line: Buffer,
  pendingWrites: ReadonlyMap<string, unknown>,
  pendingCommands: ReadonlyMap<string, unknown>,
): 'parse' | 'skip' {
  // Entry kinds are named near the start of a line; payloads (tool output, file contents) come after.
  const head = line.subarray(0, HEAD_BYTES);
  if (head.includes('"tool_result"')) {
    if (line.includes('"is_error"')) return 'parse';
    if (pendingWrites.size + pendingCommands.size === 0) return 'skip';
    const called = TOOL_USE_ID.exec(head.toString('utf8'))?.[1];
    // A command's result is what it printed: a generator's list of the files it created.
    if (called !== undefined && pendingCommands.has(called)) return 'parse';
    // A write's result says what the file held before it (`toolUseResult.originalFile`).
    if (pendingWrites.size === 0 || !line.includes('"toolUseResult"')) return 'skip';
    return called !== undefined && pendingWrites.has(called) ? 'parse' : 'skip';
  }
  if (line.includes('"tool_use"')) {
    for (const tool of EDIT_TOOLS) if (line.includes(`"${tool}"`)) return 'parse';
    return line.includes(`"${SHELL_TOOL}"`) ? 'parse' : 'skip';
  }
  return head.includes('"user"') ? 'parse' : 'skip';
}

/** The text a person typed in a `user` line, or undefined for tool results, meta lines and wrappers. */
function typedUserText(entry: Json): string | undefined {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true) return undefined;
  const content = isObject(entry.message) ? entry.message.content : undefined;
  let text: string | undefined;
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    if (content.some((b) => isObject(b) && b.type === 'tool_result')) return undefined;
    text = content
      .filter((b): b is Json => isObject(b) && b.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text as string)
      .join('\n');
  }
  if (text === undefined || NOT_TYPED.test(text.trim())) return undefined;
  text = text.replace(ATTACHED_CONTEXT, '').trim();
  if (text === '' || NOT_TYPED.test(text) || NOT_TYPED_PREFIXES.some((p) => text?.startsWith(p))) {
    return undefined;
  }
  return text;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function piecesOf(tool: string, input: Json): WrittenPiece[] | undefined {
  if (tool === 'Write') return [{ after: stringOf(input.content) }];
  if (tool === 'NotebookEdit') {
    return input.edit_mode === 'delete' ? undefined : [{ after: stringOf(input.new_source) }];
  }
  const pairs = tool === 'Edit' ? [input] : Array.isArray(input.edits) ? input.edits : [];
  return pairs
    .filter((pair): pair is Json => isObject(pair))
    .map((pair) => ({ before: stringOf(pair.old_string), after: stringOf(pair.new_string) }));
}

function pathOf(input: Json): string | undefined {
  const path = input.file_path ?? input.notebook_path;
  return typeof path === 'string' && path !== '' ? path.replace(/\\/g, '/') : undefined;
}

/** What one read of a session's edits builds up, line by line. */
interface EditsState {
  edits: WrittenEdit[];
  prompts: SessionPrompt[];
  /** Tool calls whose result is an error: their edits and commands never count. */
  failed: Set<string>;
  /** Write calls waiting for their result (which says what the file held before). */
  pendingWrites: Map<string, WrittenEdit>;
  /** What this session last wrote into each file: a later Write replaced that. */
  lastWritten: Map<string, string>;
  commands: SessionCommand[];
  /** Shell commands waiting for their result (what they printed). */
  pendingCommands: Map<string, SessionCommand>;
  sessionId: string | undefined;
  cwd: string | undefined;
  subagent: boolean;
}

/** The session's id, folder and whether it is a sub-agent's, from the first line that records each. */
function noteSession(state: EditsState, entry: Json): void {
  if (state.sessionId === undefined && typeof entry.sessionId === 'string' && entry.sessionId !== '')
    state.sessionId = entry.sessionId;
  // A session on Windows records `C:\\…`: absolute there, though not to this platform's path module.
  if (
    state.cwd === undefined &&
    typeof entry.cwd === 'string' &&
    (isAbsolute(entry.cwd) || /^[A-Za-z]:[\\/]/.test(entry.cwd))
  )
    state.cwd = entry.cwd;
  if (entry.isSidechain === true) state.subagent = true;
}

/** A tool result: a failure marks its call, and a waiting write or command gets what the result says. */
function onToolResult(state: EditsState, block: Json & { tool_use_id: string }, entry: Json): void {
  if (block.is_error === true) state.failed.add(block.tool_use_id);
  const write = state.pendingWrites.get(block.tool_use_id);
  state.pendingWrites.delete(block.tool_use_id);
  if (write) settleWrite(write, entry.toolUseResult);
  const command = state.pendingCommands.get(block.tool_use_id);
  state.pendingCommands.delete(block.tool_use_id);
  if (command) command.output = commandOutput(block.content, entry.toolUseResult);
}

/** Where a call sits: its id, the session it names, when, by which model, after which prompt. */
function callContext(state: EditsState, block: Json, entry: Json, message: Json | undefined) {
  const timestamp = typeof entry.timestamp === 'string' ? entry.timestamp : undefined;
  return {
    callId: typeof block.id === 'string' ? block.id : '',
    sessionId: typeof entry.sessionId === 'string' && entry.sessionId !== '' ? entry.sessionId : '',
    ...(timestamp ? { timestamp } : {}),
    ...(typeof message?.model === 'string' ? { model: message.model } : {}),
    promptIndex: state.prompts.length - 1,
  };
}

/** A shell call: the command, waiting for what it printed. */
function onShellCall(
  state: EditsState,
  block: Json,
  entry: Json,
  message: Json | undefined,
  command: string,
): void {
  const { callId, sessionId, promptIndex, ...when } = callContext(state, block, entry, message);
  const call: SessionCommand = { callId, sessionId, command, output: '', ...when, promptIndex };
  state.commands.push(call);
  if (call.callId !== '') state.pendingCommands.set(call.callId, call);
}

/** An edit call (Edit, Write, MultiEdit, NotebookEdit): the file and the pieces it replaced and wrote. */
function onEditCall(
  state: EditsState,
  block: Json & { name: string },
  entry: Json,
  message: Json | undefined,
): void {
  if (!isObject(block.input)) return;
  const file = pathOf(block.input);
  const pieces = piecesOf(block.name, block.input);
  if (file === undefined || pieces === undefined) return;
  const { callId, sessionId, promptIndex, ...when } = callContext(state, block, entry, message);
  const edit: WrittenEdit = {
    callId,
    tool: block.name,
    sessionId,
    filePath: file,
    ...when,
    pieces,
    ...(block.name === 'NotebookEdit' ? { notebook: true } : {}),
    promptIndex,
  };
  if (block.name === 'Write') {
    // Until its result says otherwise, the file held what this session last wrote into it (if anything).
    const earlier = state.lastWritten.get(file);
    if (earlier !== undefined && pieces[0]) pieces[0].before = earlier;
    state.lastWritten.set(file, pieces[0]?.after ?? '');
    state.pendingWrites.set(edit.callId, edit);
  }
  state.edits.push(edit);
}

/** One parsed line: the person's prompt, tool results, and the assistant's shell and edit calls. */
function onEntry(state: EditsState, entry: Json): void {
  noteSession(state, entry);
  const timestamp = typeof entry.timestamp === 'string' ? entry.timestamp : undefined;
  const typed = typedUserText(entry);
  if (typed !== undefined) state.prompts.push({ text: typed, ...(timestamp ? { timestamp } : {}) });
  const message = isObject(entry.message) ? entry.message : undefined;
  const blocks = Array.isArray(message?.content) ? message.content.filter(isObject) : [];
  for (const block of blocks) {
    if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
      onToolResult(state, block as Json & { tool_use_id: string }, entry);
      continue;
    }
    if (entry.type !== 'assistant' || block.type !== 'tool_use' || typeof block.name !== 'string') continue;
    if (block.name === SHELL_TOOL && isObject(block.input) && typeof block.input.command === 'string') {
      onShellCall(state, block, entry, message, block.input.command);
      continue;
    }
    if (EDIT_TOOLS.has(block.name)) onEditCall(state, block as Json & { name: string }, entry, message);
  }
}

/**
 * Reads a Claude Code session file into the files it wrote: each successful Edit, Write, MultiEdit and
 * NotebookEdit call with the text it replaced and wrote (a Write's earlier file content comes from its
 * result's `originalFile`), and the prompts a person typed. Tool output, the bulk of a transcript, is
 * skipped by a byte search, so only a fraction of the lines is parsed.
 */
export function readClaudeSessionEdits(path: string): SessionEdits {
  const state: EditsState = {
    edits: [],
    prompts: [],
    failed: new Set(),
    pendingWrites: new Map(),
    lastWritten: new Map(),
    commands: [],
    pendingCommands: new Map(),
    sessionId: undefined,
    cwd: undefined,
    subagent: false,
  };
  for (const { buffer, start, end } of lineRanges(path)) {
    if (lineKind(buffer.subarray(start, end), state.pendingWrites, state.pendingCommands) === 'skip')
      continue;
    const entry = parseObjectLine(buffer, start, end);
    if (entry) onEntry(state, entry);
  }
  const { edits, commands, failed, cwd, subagent, prompts } = state;
  const fileSession = state.sessionId ?? basename(path, '.jsonl');
  for (const edit of edits) if (edit.sessionId === '') edit.sessionId = fileSession;
  for (const command of commands) if (command.sessionId === '') command.sessionId = fileSession;
  return {
    sessionId: fileSession,
    ...(cwd ? { cwd } : {}),
    subagent,
    // An edit whose tool call failed never reached the file.
    edits: edits.filter((edit) => !failed.has(edit.callId)),
    // A command that failed is not taken to have written anything (precision first).
    commands: commands.filter((command) => !failed.has(command.callId)),
    prompts,
  };
}

/** A Write's result: `type: 'create'` wrote a new file, `originalFile` is what an update replaced. */
function settleWrite(write: WrittenEdit, result: unknown): void {
  const piece = write.pieces[0];
  if (!piece || !isObject(result)) return;
  if (result.type === 'create') piece.before = '';
  else if (typeof result.originalFile === 'string') piece.before = result.originalFile;
}

/** What a command printed: the result's `stdout` and `stderr` when recorded, else the result's text. */
function commandOutput(content: unknown, result: unknown): string {
  let text = '';
  if (isObject(result) && (typeof result.stdout === 'string' || typeof result.stderr === 'string'))
    text = `${stringOf(result.stdout)}\n${stringOf(result.stderr)}`;
  else if (typeof content === 'string') text = content;
  else if (Array.isArray(content))
    text = content
      .filter((b): b is Json => isObject(b) && b.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text as string)
      .join('\n');
  return text.length > MAX_COMMAND_OUTPUT ? text.slice(0, MAX_COMMAND_OUTPUT) : text;
}
