import { isAbsolute, resolve } from 'node:path';
import type { PatchedFile } from './apply-patch.js';
import { isHumanTurn, type TranscriptMessage } from './messages.js';
import { sessionCommandsOfMessages } from './session-commands.js';
import type { SessionEdits, SessionPrompt, WrittenEdit, WrittenPiece } from './session-edits.js';
import type { TranscriptFacts } from './types.js';

/**
 * What one file-writing call of a host other than Claude Code wrote, as its adapter reads it from the
 * call's input (a Codex apply_patch gives one per file it touches, each hunk a piece).
 */
export interface FileWrite {
  callId: string;
  /** The tool's name as the host spells it. */
  tool: string;
  /** The file as the call named it (relative paths are resolved against the session's folder later). */
  path: string;
  pieces: WrittenPiece[];
}

/** A replacement, or nothing when the call carries no text (an empty edit writes no line). */
export function piece(before: string | undefined, after: string | undefined): WrittenPiece[] {
  if (after === undefined) return [];
  return [before === undefined ? { after } : { before, after }];
}

function absolute(path: string, cwd: string | undefined): string {
  const full = isAbsolute(path) || cwd === undefined ? path : resolve(cwd, path);
  return full.replace(/\\/g, '/');
}

/**
 * The files a session wrote and the prompts it answered, from an adapter's messages: a write counts when
 * its call's result came back without an error (a refused, failed or unanswered call wrote nothing the
 * walk can trust), and answers the last prompt a person typed before it; and the shell commands it ran
 * (see sessionCommandsOfMessages).
 */
export function sessionEditsOfMessages(
  messages: readonly TranscriptMessage[],
  facts: TranscriptFacts,
): SessionEdits {
  const cwd = facts.session?.cwd;
  const sessionId = facts.sessionId ?? '';
  const succeeded = new Set<string>();
  for (const message of messages)
    for (const output of message.toolOutputs) if (!output.isError) succeeded.add(output.toolUseId);
  const prompts: SessionPrompt[] = [];
  const edits: WrittenEdit[] = [];
  for (const message of messages) {
    if (isHumanTurn(message)) {
      prompts.push({ text: message.text, ...(message.timestamp ? { timestamp: message.timestamp } : {}) });
      continue;
    }
    for (const write of message.writes ?? []) {
      if (!succeeded.has(write.callId) || write.pieces.length === 0) continue;
      edits.push({
        callId: write.callId,
        tool: write.tool,
        sessionId,
        filePath: absolute(write.path, cwd),
        ...(message.timestamp ? { timestamp: message.timestamp } : {}),
        pieces: write.pieces,
        promptIndex: prompts.length - 1,
      });
    }
  }
  return {
    sessionId,
    ...(cwd !== undefined ? { cwd } : {}),
    subagent: facts.session?.subagent === true,
    edits,
    commands: sessionCommandsOfMessages(messages, sessionId),
    prompts,
  };
}

/**
 * The writes of an apply_patch body (Codex's format, also used by OpenCode and Copilot CLI with GPT models):
 * one per file, each hunk a piece; a file the patch adds is new (`before` empty), a deleted one writes nothing.
 */
export function patchWrites(callId: string, tool: string, files: readonly PatchedFile[]): FileWrite[] {
  return files
    .filter((file) => file.op !== 'delete')
    .map((file) => ({
      callId,
      tool,
      path: file.moveTo ?? file.path,
      pieces:
        file.op === 'add'
          ? [{ before: '', after: file.hunks.map((hunk) => hunk.after).join('\n') }]
          : file.hunks.map((hunk) => ({ before: hunk.before, after: hunk.after })),
    }));
}
