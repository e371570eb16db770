import { adapterFor } from '../../transcript/host.js';
import type { SessionEdits, WrittenPiece } from '../../transcript/session-edits.js';
import { type CommandClaim, commandClaims } from './command-claims.js';
import { answeredRequest } from './request.js';

/** A file-writing tool call of a coding-agent session, reduced to what linking and narration need. */
export interface AgentEdit {
  sessionId: string;
  /** The written file's path as the agent gave it (absolute, forward slashes). */
  filePath: string;
  toolName: string;
  toolUseId: string;
  model?: string;
  timestamp?: string;
  /** The request the edit answered (see answeredRequest). */
  request?: string;
  /** The request was reasoned from earlier prompts: the prompt right before the edit only said to go on. */
  requestInferred?: boolean;
  /** What the call replaced and wrote, kept raw; linking normalises only the edits of files that changed. */
  pieces: WrittenPiece[];
  notebook?: boolean;
}

export interface LoadedEdits {
  edits: AgentEdit[];
  /** Files the sessions' shell commands wrote (generators, formatters, moves): see command-claims. */
  claims: CommandClaim[];
  sessionFiles: number;
}

/** Reads one session file through its host's adapter (the one place a host's format is chosen). */
export function readSessionFile(path: string): SessionEdits {
  return adapterFor(path).readSessionEdits(path);
}

/**
 * A session's edits with the request each answered. A subagent's own prompts come from the agent that
 * started it, so its edits answer the request the main session was working on at that time.
 */
function agentEdits(
  file: SessionEdits,
  mainPrompts: ReadonlyMap<string, SessionEdits['prompts']>,
): AgentEdit[] {
  return file.edits.map((edit) => {
    let request = file.subagent ? undefined : answeredRequest(file.prompts, edit.promptIndex);
    const main = mainPrompts.get(file.sessionId);
    if (file.subagent && main && edit.timestamp !== undefined) {
      const at = Date.parse(edit.timestamp);
      const last = main.findLastIndex((p) => p.timestamp !== undefined && Date.parse(p.timestamp) <= at);
      request = answeredRequest(main, last);
    }
    return {
      sessionId: edit.sessionId,
      filePath: edit.filePath,
      toolName: edit.tool,
      toolUseId: edit.callId,
      ...(edit.model ? { model: edit.model } : {}),
      ...(edit.timestamp ? { timestamp: edit.timestamp } : {}),
      ...(request ? { request: request.text, ...(request.inferred ? { requestInferred: true } : {}) } : {}),
      pieces: edit.pieces,
      ...(edit.notebook ? { notebook: true } : {}),
    };
  });
}

/**
 * Loads the edit calls of the given session files, and of those in `known` (already read: used as they
 * are, wherever the files lie).
 */
export function loadAgentEdits(
  files: readonly string[],
  known: ReadonlyMap<string, SessionEdits> = new Map(),
): LoadedEdits {
  const paths = [...new Set([...files, ...known.keys()])];
  const read = paths.map((path) => known.get(path) ?? readSessionFile(path));
  const mainPrompts = new Map<string, SessionEdits['prompts']>();
  for (const file of read) if (!file.subagent) mainPrompts.set(file.sessionId, file.prompts);
  // A resumed session's file repeats the calls of the session it resumed: one call counts once.
  const byCall = new Map<string, AgentEdit>();
  const edits: AgentEdit[] = [];
  const claims: CommandClaim[] = [];
  const claimed = new Set<string>();
  for (const file of read) {
    const own = agentEdits(file, mainPrompts);
    for (const edit of own) {
      if (edit.toolUseId !== '' && byCall.has(edit.toolUseId)) continue;
      byCall.set(edit.toolUseId, edit);
      edits.push(edit);
    }
    for (const claim of commandClaims(file, own)) {
      const key = `${claim.toolUseId}\0${claim.filePath}`;
      if (claim.toolUseId !== '' && claimed.has(key)) continue;
      claimed.add(key);
      claims.push(claim);
    }
  }
  return { edits, claims, sessionFiles: paths.length };
}
