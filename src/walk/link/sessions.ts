import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { lineRanges } from '../../transcript/lines.js';
import { parseObjectLine } from '../../transcript/parse.js';

/** An Edit/Write/MultiEdit call of a coding-agent session, reduced to what linking needs. */
export interface AgentEdit {
  sessionId: string;
  /** The written file's path as the agent gave it (absolute, forward slashes). */
  filePath: string;
  toolName: 'Edit' | 'Write' | 'MultiEdit';
  toolUseId: string;
  model?: string;
  timestamp?: string;
  request?: string;
  /**
   * What the call wrote: Write's `content` (no `before`), or each Edit's `new_string` with the `old_string`
   * it replaced. Kept raw; linking normalises only the edits of files that changed.
   */
  pieces: { before?: string; after: string }[];
}

export interface LoadedEdits {
  edits: AgentEdit[];
  sessionFiles: number;
}

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit']);
/** How far into a line the entry kind is looked for (skipping only ever drops lines that cannot matter). */
const HEAD_BYTES = 4096;
const WRAPPER_TEXT =
  /^<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr)>/;

/**
 * True for the lines a walk needs: edit calls, failed tool results and user text. Tool output, the bulk of
 * a transcript, is skipped by a byte search so that only a fraction of the lines is decoded and parsed.
 */
function mayMatter(line: Buffer): boolean {
  // Entry kinds are named near the start of a line; payloads (tool output, file contents) come after.
  const head = line.subarray(0, HEAD_BYTES);
  if (head.includes('"tool_result"')) return line.includes('"is_error"');
  if (line.includes('"tool_use"')) {
    return line.includes('"Edit"') || line.includes('"Write"') || line.includes('"MultiEdit"');
  }
  return head.includes('"user"');
}

/** Streams the parsed objects of the lines that may matter (see mayMatter). */
function* relevantObjects(path: string): Generator<Record<string, unknown>> {
  for (const { buffer, start, end } of lineRanges(path)) {
    if (!mayMatter(buffer.subarray(start, end))) continue;
    const value = parseObjectLine(buffer, start, end);
    if (value) yield value;
  }
}

/** Whitespace-normalised lines: each trimmed, inner runs collapsed, empty lines dropped. */
export function normalizedLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The text a person typed, or undefined for tool results, meta lines and command wrappers. */
export function realUserText(entry: Record<string, unknown>): string | undefined {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true) return undefined;
  const content = asRecord(entry.message)?.content;
  let text: string | undefined;
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    const blocks = content.map(asRecord);
    if (blocks.some((b) => b?.type === 'tool_result')) return undefined;
    text = blocks
      .filter((b) => b?.type === 'text' && typeof b.text === 'string')
      .map((b) => b?.text as string)
      .join('\n');
  }
  text = text?.trim();
  if (
    !text ||
    WRAPPER_TEXT.test(text) ||
    text.startsWith('Caveat: ') ||
    text.startsWith('[Request interrupted')
  ) {
    return undefined;
  }
  return text;
}

function writtenPieces(name: string, input: Record<string, unknown>): AgentEdit['pieces'] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (name === 'Write') return [{ after: text(input.content) }];
  const pairs = name === 'Edit' ? [input] : (Array.isArray(input.edits) ? input.edits : []).map(asRecord);
  return pairs
    .filter((p) => p !== undefined)
    .map((p) => ({ before: text(p.old_string), after: text(p.new_string) }));
}

/** Reads one session file and returns its successful edit calls. */
export async function readSessionEdits(path: string): Promise<AgentEdit[]> {
  const edits: AgentEdit[] = [];
  const failed = new Set<string>();
  let request: string | undefined;
  const fallbackId = basename(path, '.jsonl');
  for (const entry of relevantObjects(path)) {
    const message = asRecord(entry.message);
    const userText = realUserText(entry);
    if (userText !== undefined) request = userText;
    const content = Array.isArray(message?.content) ? message.content.map(asRecord) : [];
    for (const block of content) {
      if (!block) continue;
      if (block.type === 'tool_result' && block.is_error === true && typeof block.tool_use_id === 'string') {
        failed.add(block.tool_use_id);
      }
      if (entry.type !== 'assistant' || block.type !== 'tool_use' || typeof block.name !== 'string') continue;
      if (!EDIT_TOOLS.has(block.name)) continue;
      const input = asRecord(block.input);
      if (!input || typeof input.file_path !== 'string') continue;
      edits.push({
        sessionId: typeof entry.sessionId === 'string' ? entry.sessionId : fallbackId,
        filePath: input.file_path.replace(/\\/g, '/'),
        toolName: block.name as AgentEdit['toolName'],
        toolUseId: typeof block.id === 'string' ? block.id : '',
        ...(typeof message?.model === 'string' ? { model: message.model } : {}),
        ...(typeof entry.timestamp === 'string' ? { timestamp: entry.timestamp } : {}),
        ...(request !== undefined ? { request } : {}),
        pieces: writtenPieces(block.name, input),
      });
    }
  }
  // An edit whose tool call failed never reached the file.
  return edits.filter((edit) => !failed.has(edit.toolUseId));
}

/** Session files in a Claude Code project folder: `<id>.jsonl` and `<id>/subagents/*.jsonl`. */
export function listSessionFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name.endsWith('.jsonl')) files.push(path);
    else if (statSync(path).isDirectory()) {
      const subagents = join(path, 'subagents');
      if (existsSync(subagents)) {
        for (const sub of readdirSync(subagents).sort()) {
          if (sub.endsWith('.jsonl')) files.push(join(subagents, sub));
        }
      }
    }
  }
  return files;
}

/**
 * Loads the edit calls of every session in `dirs`, and of the session files in `known` (already read:
 * their edits are used as they are, wherever the files lie).
 */
export async function loadAgentEdits(
  dirs: string[],
  known: ReadonlyMap<string, AgentEdit[]> = new Map(),
): Promise<LoadedEdits> {
  const files = [...new Set([...dirs.flatMap(listSessionFiles), ...known.keys()])];
  const edits: AgentEdit[] = [];
  for (const file of files) edits.push(...(known.get(file) ?? (await readSessionEdits(file))));
  return { edits, sessionFiles: files.length };
}
