import type { TranscriptMessage } from '../message.js';
import { EDIT_TOOLS } from './text.js';
import type { CallRef, SessionEvent } from './types.js';

const INTERRUPT = /^\s*\[Request interrupted by user( for tool use)?\]/;
/** Text the harness puts on user lines: slash commands, their output, shell escapes, notices. */
const HARNESS =
  /^\s*(?:<(?:command-name|command-message|command-args|local-command-[a-z]+|bash-[a-z]+|task-notification|user-prompt-submit-hook|user-memory-input)>|Caveat: The messages below|This session is being continued)/;
/** A message that is one tag wrapping everything: a notice from a tool, not typing. */
const WRAPPED = /^\s*<([a-z][a-z0-9_-]*)>[\s\S]*<\/\1>\s*$/;
/** Context the IDE and the harness attach to a prompt; not what the person typed. */
const ATTACHED = /<(ide_[a-z_]+|system-reminder)>[\s\S]*?<\/\1>/g;
const REJECTED = /The user doesn't want to (?:proceed with this tool use|take this action right now)/;
const REASON = /(?:the user said:|the following reason for the rejection:)\s*([\s\S]*)/i;
/** Calls whose results are waited for at once are few; a bound keeps a broken transcript from piling up. */
const MAX_PENDING_CALLS = 1_000;

/** A file change that went through: an edit tool's call answered without an error or a refusal. */
export function isAppliedEdit(event: SessionEvent): boolean {
  return (
    event.kind === 'result' &&
    event.call !== undefined &&
    EDIT_TOOLS.has(event.call.call.name) &&
    !event.output.isError &&
    event.rejection === undefined
  );
}

/** The reason a person typed when refusing a tool call, if any (its first non-empty line). */
function rejectionReason(text: string): string | undefined {
  const after = REASON.exec(text)?.[1];
  if (after === undefined) return undefined;
  const line = after
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  return line;
}

/** Turns the messages of one chain into detector events, joining each tool result to its call. */
export class EventReader {
  private readonly pending = new Map<string, CallRef>();
  private turns = 0;

  read(message: TranscriptMessage): SessionEvent[] {
    if (message.role === 'assistant') return this.assistant(message);
    if (message.toolOutputs.length > 0) return this.results(message);
    if (message.meta || message.text.length === 0) return [];
    const interrupt = INTERRUPT.exec(message.text);
    if (interrupt) return [{ kind: 'interrupt', message, forToolUse: interrupt[1] !== undefined }];
    if (HARNESS.test(message.text) || WRAPPED.test(message.text)) return [];
    const text = message.text.replace(ATTACHED, '').trim();
    if (text.length === 0) return [];
    const turn = this.turns++;
    return [{ kind: 'human', message, text, turn }];
  }

  private assistant(message: TranscriptMessage): SessionEvent[] {
    const events: SessionEvent[] = [];
    if (message.text.trim().length > 0) events.push({ kind: 'say', message, text: message.text });
    for (const call of message.toolCalls) {
      if (this.pending.size >= MAX_PENDING_CALLS) {
        const oldest = this.pending.keys().next().value;
        if (oldest !== undefined) this.pending.delete(oldest);
      }
      this.pending.set(call.id, { call, messageId: message.id });
      events.push({ kind: 'call', message, call });
    }
    return events;
  }

  private results(message: TranscriptMessage): SessionEvent[] {
    return message.toolOutputs.map((output) => {
      const call = this.pending.get(output.toolUseId);
      this.pending.delete(output.toolUseId);
      const rejection = REJECTED.test(output.text) ? { reason: rejectionReason(output.text) } : undefined;
      return { kind: 'result', message, output, call, rejection };
    });
  }
}
