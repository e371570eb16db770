import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readTranscriptObjects } from '../transcript/read.js';

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
  /** The written text, whitespace-normalised and framed by newlines for whole-line containment checks. */
  written: string;
  /** For Edit/MultiEdit: normalised lines of new_string that were not in old_string. */
  newLines: string[];
}

export interface LoadedEdits {
  edits: AgentEdit[];
  sessionFiles: number;
}

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit']);
const WRAPPER_TEXT =
  /^<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr)>/;

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

function writtenTexts(
  name: string,
  input: Record<string, unknown>,
): { written: string[]; newLines: string[] } {
  if (name === 'Write') return { written: [String(input.content ?? '')], newLines: [] };
  const pairs =
    name === 'Edit'
      ? [input]
      : (Array.isArray(input.edits) ? input.edits : []).map(asRecord).filter((e) => e !== undefined);
  const written: string[] = [];
  const newLines: string[] = [];
  for (const pair of pairs) {
    const next = typeof pair.new_string === 'string' ? pair.new_string : '';
    const old = new Set(normalizedLines(typeof pair.old_string === 'string' ? pair.old_string : ''));
    written.push(next);
    newLines.push(...normalizedLines(next).filter((line) => !old.has(line)));
  }
  return { written, newLines };
}

/** Reads one session file and returns its successful edit calls. */
export async function readSessionEdits(path: string): Promise<AgentEdit[]> {
  const edits: AgentEdit[] = [];
  const failed = new Set<string>();
  let request: string | undefined;
  const fallbackId = basename(path, '.jsonl');
  for await (const { value: entry } of readTranscriptObjects(path)) {
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
      const { written, newLines } = writtenTexts(block.name, input);
      edits.push({
        sessionId: typeof entry.sessionId === 'string' ? entry.sessionId : fallbackId,
        filePath: input.file_path.replace(/\\/g, '/'),
        toolName: block.name as AgentEdit['toolName'],
        toolUseId: typeof block.id === 'string' ? block.id : '',
        ...(typeof message?.model === 'string' ? { model: message.model } : {}),
        ...(typeof entry.timestamp === 'string' ? { timestamp: entry.timestamp } : {}),
        ...(request !== undefined ? { request } : {}),
        written: `\n${written.map((w) => normalizedLines(w).join('\n')).join('\n')}\n`,
        newLines,
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

/** Loads the edit calls of every session in `dirs`. */
export async function loadAgentEdits(dirs: string[]): Promise<LoadedEdits> {
  const files = [...new Set(dirs.flatMap(listSessionFiles))];
  const edits: AgentEdit[] = [];
  for (const file of files) edits.push(...(await readSessionEdits(file)));
  return { edits, sessionFiles: files.length };
}
