import { isObject } from '../json-value.js';

/**
 * Which `user` records of a Gemini CLI session a person typed. Gemini records on the same channel: the
 * `<session_context>` it sends first (workspace, folder tree, GEMINI.md), the expansion of a slash command
 * (`/init` becomes a long prompt; `displayContent` keeps what was typed), its next-speaker nudge
 * ("System: Please continue."), hook context, and since 2026 the tool responses themselves. A person's
 * steering message while the agent works is wrapped as `User steering update: <user_input>…</user_input>`.
 */

/** The text parts of a content value (a string, or a PartListUnion of `{text}` and other parts). */
export function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (isObject(content) && typeof content.text === 'string') return content.text;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isObject(part) && typeof part.text === 'string' && part.thought !== true) parts.push(part.text);
  }
  return parts.join('');
}

/** Whether a content value holds only tool responses (`functionResponse` parts), no text. */
function onlyToolResponses(content: unknown): boolean {
  if (!Array.isArray(content) || content.length === 0) return false;
  return content.every((part) => isObject(part) && ('functionResponse' in part || 'functionCall' in part));
}

const INJECTED_OPENINGS = ['<session_context>', '<hook_context>', '<loaded_context>', '<state_snapshot>'];
const NUDGES = /^(?:System: )?Please continue\.?$/;
const STEERING = /^(?:User steering update|User hints):\s*<user_input>\s*([\s\S]*?)\s*<\/user_input>/;

/**
 * What the person typed in a Gemini `user` record, or undefined when Gemini wrote it (context, a slash
 * command or its expansion, a nudge, a tool response).
 */
export function geminiTypedText(content: unknown, displayContent: unknown): string | undefined {
  if (displayContent !== undefined && displayContent !== null) {
    if (onlyToolResponses(displayContent)) return undefined;
    const shown = partsText(displayContent).trim();
    if (shown.length > 0) return typedOf(shown);
  }
  if (onlyToolResponses(content)) return undefined;
  return typedOf(partsText(content).trim());
}

function typedOf(text: string): string | undefined {
  if (text.length === 0) return undefined;
  const steering = STEERING.exec(text);
  if (steering) return steering[1]!.trim() || undefined;
  if (text.startsWith('/') || text.startsWith('?')) return undefined;
  if (NUDGES.test(text)) return undefined;
  if (INJECTED_OPENINGS.some((opening) => text.startsWith(opening))) return undefined;
  return text;
}

/** The workspace folder the first `<session_context>` names (Gemini records no cwd of its own). */
export function workspaceOf(text: string): string | undefined {
  const listed = /Workspace Directories:\**\s*\n\s*- (.+)/.exec(text);
  if (listed) return listed[1]!.trim();
  const older = /I'm currently working in the directory: (.+)/.exec(text);
  return older ? older[1]!.trim() : undefined;
}
