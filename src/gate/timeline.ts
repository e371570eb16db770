import type { UsageView } from '../transcript/claude/fast/line.js';
import type { MessageId } from '../transcript/types.js';

/**
 * One turn of a session in file order, as the gate read it: only what friction attribution needs to find
 * the stretch a signal marks (which turns the agent wrote, where a person spoke, which tool results failed).
 * `lineNo` is the reader's line (Claude Code: the physical line), so usage read from the same line joins it.
 */
export interface TimelineTurn {
  lineNo: number;
  id: MessageId;
  /** `assistant`: the agent's message; `person`: a person's turn; `results`: tool results; `other`: meta. */
  kind: 'assistant' | 'person' | 'results' | 'other';
  /** Tool results only: whether any of them failed (an error, not a refusal or a cancellation). */
  failed: boolean;
}

/** Collects the timeline while the gate reads (kept only when a caller asks for it: scans do, hooks do not). */
export class TimelineRecorder {
  readonly turns: TimelineTurn[] = [];

  assistant(lineNo: number, id: MessageId): void {
    this.turns.push({ lineNo, id, kind: 'assistant', failed: false });
  }

  user(
    lineNo: number,
    id: MessageId,
    person: boolean,
    resultErrors: readonly boolean[],
    _isMeta: boolean,
  ): void {
    const kind = person ? 'person' : resultErrors.length > 0 ? 'results' : 'other';
    this.turns.push({ lineNo, id, kind, failed: resultErrors.includes(true) });
  }
}

/**
 * Sees each assistant line of a Claude Code transcript as the gate reads it, in the same pass: its bytes
 * (valid only during the call) with where the compiled scanner found its usage fields, or, for a line the
 * fast reader parsed whole, its object. Friction cost reads the line's usage this way, so the file is read
 * once.
 */
export interface AssistantLineTap {
  line(buffer: Buffer, start: number, end: number, lineNo: number, usage: UsageView): void;
  parsed(line: Record<string, unknown>, lineNo: number): void;
}
