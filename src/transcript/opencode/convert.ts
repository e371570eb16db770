import { parsePatch } from '../apply-patch.js';
import { isObject, type Json, num, str } from '../json-value.js';
import {
  summarizedCall,
  type ToolCall,
  type ToolKind,
  type ToolOutput,
  type TranscriptMessage,
} from '../messages.js';
import type { EditCall, SessionFacts } from '../types.js';
import { type FileWrite, patchWrites, piece } from '../written.js';

/**
 * OpenCode's messages and parts, as both its SQLite database and its older JSON storage hold them, read
 * into the host-neutral messages. A message is `{role, time, …}` (an assistant message is one model call,
 * so a reply spans several); its parts carry the content: `text` (`synthetic` ones OpenCode wrote itself),
 * `reasoning`, `tool` (`{callID, tool, state: {status, input, output | error, metadata}}`), and bookkeeping
 * (`step-start`, `step-finish`, `snapshot`, `patch`, `retry`, `compaction`, `file`, `agent`, `subtask`).
 */
export interface OpencodeMessage {
  id: string;
  data: Json;
  parts: Json[];
}

const KINDS: Record<string, ToolKind> = {
  bash: 'shell',
  edit: 'edit',
  multiedit: 'edit',
  patch: 'edit',
  apply_patch: 'edit',
  write: 'write',
  read: 'read',
  list: 'read',
  glob: 'search',
  grep: 'search',
  codesearch: 'search',
  websearch: 'search',
  task: 'agent',
  todowrite: 'plan',
  todoread: 'plan',
};

/** The user's own shell command (`!ls`) is stored as a user message carrying this synthetic text. */
const USER_RAN_TOOL = 'The following tool was executed by the user';
/** Error texts of a call the person declined or stopped. */
const REFUSED = /rejected permission|user (?:rejected|denied|dismissed)|aborted|interrupted/i;

function inputOf(part: Json): Json {
  const state = isObject(part.state) ? part.state : {};
  return isObject(state.input) ? state.input : {};
}

function patchText(input: Json): string | undefined {
  return str(input.patchText) ?? str(input.patch) ?? str(input.input);
}

function toolCallOf(part: Json): ToolCall {
  const name = str(part.tool) ?? 'tool';
  const input = inputOf(part);
  const patch = patchText(input);
  const patchPaths = patch !== undefined ? parsePatch(patch).map((file) => file.moveTo ?? file.path) : [];
  return summarizedCall({
    id: str(part.callID) ?? str(part.id) ?? '',
    name,
    kind: KINDS[name] ?? 'other',
    command: name === 'bash' ? str(input.command) : undefined,
    path:
      str(input.filePath) ??
      str(input.file_path) ??
      str(input.path) ??
      (patchPaths.length > 0 ? patchPaths.join(', ') : undefined),
    pattern: str(input.pattern) ?? str(input.query),
    description: str(input.description) ?? str(input.prompt),
    input,
  });
}

/** The files a tool part edits: `edit`/`multiedit` and `write` by `filePath`, a patch by its file headers. */
function editsOf(part: Json): EditCall[] {
  const name = str(part.tool) ?? '';
  const kind = KINDS[name];
  if (kind !== 'edit' && kind !== 'write') return [];
  const input = inputOf(part);
  const path = str(input.filePath) ?? str(input.file_path);
  if (path) return [{ tool: kind === 'write' ? 'Write' : name, path }];
  const patch = patchText(input);
  if (patch === undefined) return [];
  return parsePatch(patch)
    .filter((file) => file.op !== 'delete')
    .map((file) => ({ tool: file.op === 'add' ? 'Write' : name, path: file.moveTo ?? file.path }));
}

/** What a tool part wrote: `edit`'s strings, each of `multiedit`'s edits, `write`'s content, a patch's hunks. */
function writesOf(part: Json): FileWrite[] {
  const name = str(part.tool) ?? '';
  const kind = KINDS[name];
  if (kind !== 'edit' && kind !== 'write') return [];
  const callId = str(part.callID) ?? str(part.id) ?? '';
  const input = inputOf(part);
  const path = str(input.filePath) ?? str(input.file_path);
  if (path === undefined) {
    const patch = patchText(input);
    return patch === undefined ? [] : patchWrites(callId, name, parsePatch(patch));
  }
  if (kind === 'write') return [{ callId, tool: name, path, pieces: piece(undefined, str(input.content)) }];
  const edits = Array.isArray(input.edits) ? input.edits.filter(isObject) : [input];
  const pieces = edits.flatMap((edit) => piece(str(edit.oldString), str(edit.newString)));
  return [{ callId, tool: name, path, pieces }];
}

/**
 * How a tool part ended: `status: "error"` failed; a completed `bash` whose `metadata.exit` is not 0 failed
 * (OpenCode records it as completed); `invalid` is the model calling a tool that does not exist. Pending and
 * running parts have no result (the session ended before they did).
 */
function outputOf(part: Json): (ToolOutput & { failed: boolean }) | undefined {
  const state = isObject(part.state) ? part.state : {};
  const id = str(part.callID) ?? str(part.id) ?? '';
  if (state.status === 'error') {
    const text = str(state.error) ?? '';
    if (REFUSED.test(text)) return { toolUseId: id, isError: true, refused: true, text, failed: false };
    return { toolUseId: id, isError: true, text, failed: true };
  }
  if (state.status !== 'completed') return undefined;
  const text = str(state.output) ?? '';
  const metadata = isObject(state.metadata) ? state.metadata : {};
  const exit = num(metadata.exit);
  const failed = (exit !== undefined && exit !== 0) || part.tool === 'invalid';
  return { toolUseId: id, isError: failed, text, failed };
}

function visibleText(parts: Json[]): string {
  return parts
    .filter((part) => part.type === 'text' && part.synthetic !== true && part.ignored !== true)
    .map((part) => (str(part.text) ?? '').trim())
    .filter((text) => text.length > 0)
    .join('\n');
}

function timestampOf(data: Json): string | undefined {
  const time = isObject(data.time) ? num(data.time.created) : undefined;
  return time !== undefined ? new Date(time).toISOString() : undefined;
}

/**
 * A session's messages. A person's turn is a user message's own text (synthetic and ignored parts left out;
 * a user-run shell command or a compaction request is OpenCode's); a sub-agent session's prompts come
 * from the agent that started it. Tool results follow the assistant message that made the calls.
 */
export function convertOpencode(messages: OpencodeMessage[], session: SessionFacts): TranscriptMessage[] {
  const out: TranscriptMessage[] = [];
  const subagent = session.subagent === true;
  let position = 0;
  for (const message of messages) {
    const role = message.data.role;
    const timestamp = timestampOf(message.data);
    const at = timestamp ? { timestamp } : {};
    if (role === 'user') {
      const text = visibleText(message.parts);
      const ranTool = message.parts.some((part) => part.type === 'text' && part.text === USER_RAN_TOOL);
      const meta = subagent || ranTool || text.length === 0;
      if (!meta) session.turns.human++;
      out.push({
        id: message.id,
        lineNo: position++,
        role: 'user',
        sidechain: subagent,
        meta,
        text,
        toolCalls: [],
        toolOutputs: [],
        ...at,
      });
      continue;
    }
    if (role !== 'assistant') {
      session.unknownRecords++;
      continue;
    }
    session.turns.assistant++;
    const tools = message.parts.filter((part) => part.type === 'tool');
    const edits = tools.flatMap(editsOf);
    const writes = tools.flatMap(writesOf);
    out.push({
      id: message.id,
      lineNo: position++,
      role: 'assistant',
      sidechain: subagent,
      meta: message.data.summary === true,
      text: visibleText(message.parts),
      toolCalls: tools.map(toolCallOf),
      toolOutputs: [],
      ...(edits.length > 0 ? { edits } : {}),
      ...(writes.length > 0 ? { writes } : {}),
      ...at,
    });
    const outputs = tools.map(outputOf).filter((output) => output !== undefined);
    if (outputs.length === 0) continue;
    for (const output of outputs) if (output.failed) session.turns.toolErrors++;
    out.push({
      id: outputs[0]!.toolUseId || `${message.id}:results`,
      lineNo: position++,
      role: 'user',
      sidechain: subagent,
      meta: false,
      text: '',
      toolCalls: [],
      toolOutputs: outputs.map(({ failed: _failed, ...output }) => output),
      ...at,
    });
  }
  return out;
}
