import type { GuardKind } from '../../trial/evidence/guard-kinds.js';
import { successClaim } from '../../trial/evidence/mechanical.js';
import { readMechanicalState } from '../../trial/evidence/read.js';

/** What a guard reads from Claude Code's hook payload. Every field is untrusted data. */
export interface GuardInput {
  event: string;
  toolName: string | undefined;
  toolInput: Record<string, unknown>;
  transcriptPath: string | undefined;
  /** Stop: the agent is already continuing because a Stop hook blocked it once. */
  stopHookActive: boolean;
  /** Stop: the agent's last message, when Claude Code sends it (the transcript may lag behind). */
  lastAssistantMessage: string | undefined;
}

export type GuardDecision = { block: false; note?: string } | { block: true; reason: string };

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Reads the payload's fields; anything missing or of another type is simply absent. */
export function guardInput(payload: unknown): GuardInput {
  const p = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const toolInput = typeof p.tool_input === 'object' && p.tool_input !== null ? p.tool_input : {};
  return {
    event: str(p.hook_event_name) ?? '',
    toolName: str(p.tool_name),
    toolInput: toolInput as Record<string, unknown>,
    transcriptPath: str(p.transcript_path),
    stopHookActive: p.stop_hook_active === true,
    lastAssistantMessage: str(p.last_assistant_message),
  };
}

const quote = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 199)}…` : text);

/**
 * Whether to block, from the session's own transcript: the same state the trial's mechanical check keeps.
 * A guard that cannot tell (no transcript, another event) lets the agent go on: a broken guard must
 * never stop work.
 */
export function decideGuard(guard: GuardKind, input: GuardInput): GuardDecision {
  if (input.event !== guard.event) return { block: false, note: `not a ${guard.event} event` };
  if (input.transcriptPath === undefined)
    return { block: false, note: 'no transcript_path in the hook input' };
  const state = readMechanicalState(input.transcriptPath);
  if (state === undefined) return { block: false, note: 'the transcript cannot be read' };
  if (guard.kind === 'repeated-failing-command') {
    const command = str(input.toolInput.command);
    if (command === undefined || !state.failedBefore(command)) return { block: false };
    return {
      block: true,
      reason: `Blocked by a Retrospect guard: ${quote(command)} already failed in this session and no file was edited since. Read its error output and change something (the code, or the command) before running it again.`,
    };
  }
  if (guard.kind === 'edit-without-read') {
    const path = str(input.toolInput.file_path) ?? str(input.toolInput.notebook_path);
    if (path === undefined || state.knows(path)) return { block: false };
    return {
      block: true,
      reason: `Blocked by a Retrospect guard: ${quote(path)} has not been read in this session. Read it first, then edit it.`,
    };
  }
  // Stop: a second stop after one block goes through, so the guard can never keep the agent in a loop.
  if (input.stopHookActive || !state.editsUnverified) return { block: false };
  const claim = successClaim(input.lastAssistantMessage ?? state.lastAssistantText);
  if (claim === undefined) return { block: false };
  return {
    block: true,
    reason: `Blocked by a Retrospect guard: the last message says ${quote(claim)}, but files were edited after the last passing test, build, type check or lint. Run the project's checks and report what they say.`,
  };
}
